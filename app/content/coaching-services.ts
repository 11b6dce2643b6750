import type { PublicSiteConfig } from "~/config/public";
import { OFFER_FACTS, offerPrices } from "./plans";

// /coaching-services (docs/product.md §4.3): hero, two paid plans, the free community tier, the consultation
// booking, a six-question FAQ and the newsletter. Every price comes from the catalogue (./plans).

type ServicesSite = Pick<PublicSiteConfig, "coachName" | "coachSlug" | "catalogue">;

export const servicesHero = {
  eyebrow: "Ways to work together",
  /** The page's h1 (tests/support/site-routes.ts). */
  title: "Coaching Services",
  intro:
    "Whether you want the structure of a small-group course, a plan written just for you, or simply good company on the journey, there's a way in that fits your life, your body and your budget.",
  cta: "Book a free consultation",
};

export const plansSection = {
  eyebrow: "Coaching programmes",
  title: "Choose your support",
  intro: "Two ways to train with expert guidance. Both are online, beginner-friendly and designed for women in perimenopause and menopause.",
};

export const communitySection = {
  eyebrow: "Start for free",
  title: "Not ready to commit? Join the community",
  intro:
    "Meet women who understand, pick up practical tips and join a monthly group video call, all at no cost. It's a gentle first step, and you're welcome to stay as long as you like.",
};

export function consultationSection(site: Pick<PublicSiteConfig, "coachName">) {
  return {
    eyebrow: "Free consultation",
    title: "Book your free consultation",
    intro: `A relaxed ${OFFER_FACTS.consultationMinutes}-minute video call with ${site.coachName} to talk through your goals, your symptoms and the option that suits you best. No pressure and no hard sell.`,
    points: [
      "Talk through where you are now and where you'd like to be",
      "Ask anything about training in perimenopause and menopause",
      "Leave with a clear, honest recommendation",
    ],
  };
}

export const faqSection = {
  eyebrow: "Questions",
  title: "Frequently asked questions",
  intro: "The things women most often ask before they start. If yours isn't here, bring it to your free consultation.",
};

export interface FaqEntry {
  question: string;
  /** Plain text: shown in the accordion and in the FAQPage structured data. */
  answer: string;
}

/** docs/product.md §4.3: the six questions of the /coaching-services FAQ. */
export function servicesFaq(site: ServicesSite): FaqEntry[] {
  const { learnToLift, oneToOne, foundations } = offerPrices(site);
  return [
    {
      question: "I've never lifted weights. Is this right for me?",
      answer:
        "Absolutely. Most of the women I coach are complete beginners, and many haven't exercised regularly for years. Every programme starts with simple movements you can do at home, taught step by step, and builds gradually from there. You'll never be asked to do something before you're ready.",
    },
    {
      question: "Which option should I choose?",
      answer: `If you'd like a clear structure and the company of a small group, ${learnToLift.product.name} is a brilliant place to start. If you want a programme written entirely around you, weekly sessions and daily support, choose 1-to-1 coaching. If you'd rather dip a toe in first, join the free community. Still unsure? Book a free ${OFFER_FACTS.consultationMinutes}-minute consultation and we'll decide together.`,
    },
    {
      question: "How much does coaching cost?",
      answer: `${learnToLift.product.name} is ${learnToLift.total} in one payment, which works out at ${learnToLift.weekly} a week over the ${OFFER_FACTS.learnToLiftWeeks}-week course. 1-to-1 coaching is billed monthly at ${oneToOne.monthly}, about ${oneToOne.weekly} a week. ${foundations.product.name}, the habit course with community, is ${foundations.monthly} a month, and the community on its own is free.`,
    },
    {
      question: "Do I need a gym or special equipment?",
      answer:
        "No. You can start with just your body weight and a little floor space. As you get stronger, a pair of dumbbells or a kettlebell helps you keep progressing, and I'll suggest sensible weights when the time comes. If you already have a gym membership, I'll show you how to use it with confidence.",
    },
    {
      question: "Is strength training safe with joint pain or osteoporosis?",
      answer:
        "For most women it's not only safe but one of the best things you can do: well-chosen strength exercises support bone density and take load off painful joints. I adapt every movement to you. If you have a diagnosed condition, recent surgery or any chest pain, dizziness or unexplained symptoms, please check with your GP first, and tell me so we can plan around it.",
    },
    {
      question: "What happens in the free consultation?",
      answer: `It's a friendly ${OFFER_FACTS.consultationMinutes}-minute video call. We'll talk about how you're feeling, what you'd like to change and anything that's held you back before. I'll answer your questions and recommend the option that fits, even if that's the free community. There's no obligation to sign up.`,
    },
  ];
}

export const newsletterSection = {
  eyebrow: "Newsletter",
  title: "Strength notes for midlife",
  intro:
    "Practical training tips, menopause research in plain English and first news of new courses, straight to your inbox.",
};
