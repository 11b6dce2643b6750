import type { PublicSiteConfig } from "~/config/public";
import { offerPrices } from "./plans";

// /community (docs/product.md §4.4): the free community with monthly group video calls, calls to action to
// /build-stronger-foundations#top and /coaching-services#top, and the newsletter. Joining the free
// community itself opens the coach's community platform (COMMUNITY_URL).

type CommunitySite = Pick<PublicSiteConfig, "coachName" | "coachSlug" | "catalogue">;

export const communityHero = {
  eyebrow: "Free community",
  /** The page's h1 (tests/support/site-routes.ts). */
  title: "Community",
  intro:
    "A warm, private space for women building strength through perimenopause and menopause. Share the wins, ask the awkward questions and join a monthly group video call, free.",
  /** Opens the community platform (COMMUNITY_URL). */
  primary: "Join the free community",
  secondary: "Compare coaching options",
};

export function communityIntro(site: Pick<PublicSiteConfig, "coachName">) {
  return {
    eyebrow: "Why it matters",
    title: "You were never meant to do this alone",
    paragraphs: [
      "So much of the menopause is still talked about in whispers, if at all. Women tell me the hardest part isn't the training: it's feeling that everyone else has it figured out.",
      `The community is the antidote. It's a calm, kind, advert-free space where you can ask anything, celebrate the small victories and hear from women a few steps ahead of you. ${site.coachName} is there too, answering questions and sharing what the research really says.`,
    ],
  };
}

export interface CommunityFeature {
  title: string;
  body: string;
}

export const featuresSection = {
  eyebrow: "Inside the community",
  title: "What you'll find there",
};

export const communityFeatures: CommunityFeature[] = [
  {
    title: "Monthly group video calls",
    body: "Once a month we meet live on video: a short teaching topic, open questions and plenty of time to talk. Cameras optional, kindness compulsory.",
  },
  {
    title: "Shared understanding",
    body: "Every member knows what it's like to train through hot flushes, night sweats and brain fog. No explaining, no eye-rolling, no judgement.",
  },
  {
    title: "Mutual support",
    body: "Post a question at midnight and wake up to thoughtful replies. Members cheer each other on, swap ideas and share what's helping.",
  },
  {
    title: "Gentle accountability",
    body: "Weekly prompts help you plan your sessions and notice your progress, so good intentions turn into habits without pressure.",
  },
];

export const callsSection = {
  eyebrow: "The monthly calls",
  title: "How the group calls work",
  steps: [
    {
      title: "Join for free",
      body: "Sign up in a couple of minutes and introduce yourself, or simply read along until you feel ready.",
    },
    {
      title: "Get your invitation",
      body: "Each month you'll receive the date and a link to the group video call, with a reminder the day before.",
    },
    {
      title: "Bring your questions",
      body: "Ask about training, symptoms, motivation or anything on your mind. No question is too small.",
    },
    {
      title: "Leave with a focus",
      body: "Finish each call with one clear, achievable goal for the month ahead, and a room full of women rooting for you.",
    },
  ],
};

export function communityCallToAction(site: CommunitySite) {
  const { foundations } = offerPrices(site);
  return {
    title: "Come as you are",
    body: `Join the free community today. When you want more structure, ${foundations.product.name} adds a step-by-step habit course for ${foundations.monthly} a month, and you can explore every coaching option at your own pace.`,
    /** Opens the community platform (COMMUNITY_URL). */
    primary: "Join the free community",
    /** To /build-stronger-foundations#top. */
    course: "See the habit course",
    /** To /coaching-services#top. */
    secondary: "Explore coaching services",
  };
}

export const communityNewsletter = {
  eyebrow: "Stay in touch",
  title: "Not quite ready to join?",
  intro:
    "Get practical strength tips and menopause insights by email instead, and join the community whenever it feels right.",
};
