import type { PublicSiteConfig } from "~/config/public";

// /meet-{slug} (docs/product.md §4.2): hero, bio, three approach cards, story, testimonials, calls to action.
// Written in the coach's own voice; her name comes from the configuration.

type MeetSite = Pick<PublicSiteConfig, "coachName">;

export function meetHero(site: MeetSite) {
  return {
    eyebrow: "Your coach",
    /** The page's h1 (tests/support/site-routes.ts). */
    title: `Meet ${site.coachName}`,
    intro:
      "Strength coach for women in perimenopause, menopause and beyond. I help you build a body that feels capable, a routine that survives real life, and the confidence to take up space.",
    role: "Strength & menopause coach",
  };
}

export function meetBio(site: MeetSite) {
  return {
    eyebrow: "Hello, I'm " + site.coachName,
    title: "Strong is for every age",
    paragraphs: [
      `I'm ${site.coachName}, a qualified personal trainer who specialises in strength training for women over 40. I coach online, so wherever you live in the UK, or further afield, you can train with me from your living room, your garden or your local gym.`,
      "My work sits where strength training meets the realities of midlife: disrupted sleep, shifting energy, aching joints, changes in shape and a head full of conflicting advice. I translate the research on muscle, bone and hormones into plain English and into sessions you can actually do.",
      "You don't need to be sporty, young at heart or fond of gyms. You need a plan that respects where you're starting, and someone who'll adjust it on the days your body has other ideas. That's my job.",
    ],
    facts: [
      { label: "Coaching", value: "Online, UK & worldwide" },
      { label: "Specialism", value: "Perimenopause & menopause" },
      { label: "Style", value: "Calm, clear, encouraging" },
    ],
  };
}

export interface ApproachCard {
  title: string;
  body: string;
}

export const approachSection = {
  eyebrow: "My approach",
  title: "Sustainable, simple, supportive",
  intro: "Three principles shape every programme I write and every conversation we have.",
};

/** docs/product.md §4.2: Sustainable, Simple, Supportive, each linking to /coaching-services#top. */
export const approachCards: ApproachCard[] = [
  {
    title: "Sustainable",
    body: "Progress you can keep. We train for the long game: steady increases, proper recovery and routines that still work on your busiest, most tired weeks.",
  },
  {
    title: "Simple",
    body: "No jargon, no endless rules. A handful of proven movements done well, short sessions and clear instructions, so you always know what to do and why.",
  },
  {
    title: "Supportive",
    body: "Coaching that listens. Symptoms, setbacks and life events are part of the plan, not a reason to feel you've failed. You'll never be judged for a wobble.",
  },
];

export function meetStory() {
  return {
    eyebrow: "My story",
    title: "Why I do this work",
    paragraphs: [
      "In my mid-forties my body stopped following the script. I was sleeping badly, waking with stiff hips and feeling oddly anxious before things I'd done for years. I'd always been active, yet the classes and long runs that used to lift me now left me flattened.",
      "It took a while to connect the dots to perimenopause, and longer to find advice that didn't boil down to 'eat less, move more'. What changed things was lifting weights: slowly, sensibly and consistently. Within months I felt steadier, stronger and more like myself than I had in years.",
      "I trained as a coach because I wanted other women to reach that point sooner, without the guesswork. Today I coach women at every stage of the transition, from the first unsettling signs to well beyond the menopause, and I still get a thrill from every first push-up and every new personal best.",
    ],
    quote: "Strength gave me back my trust in my own body. I want that for you too.",
  };
}

export const meetTestimonials = {
  eyebrow: "Kind words",
  title: "What clients say",
};

export function meetCallToAction(site: MeetSite) {
  return {
    title: "Let's find your starting point",
    body: `Whether you'd like a structured course, 1-to-1 coaching or simply a conversation, there's a way to begin that suits you. ${site.coachName} would love to hear from you.`,
    primary: "Explore coaching services",
    secondary: "Book a free consultation",
  };
}
