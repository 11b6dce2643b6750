import type { PublicSiteConfig } from "~/config/public";
import { OFFER_FACTS, offerPrices } from "./plans";

// The home page's copy (docs/product.md §4.1). Prices and durations come from the catalogue through
// ./plans; the coach's name from the configuration.

type HomeSite = Pick<PublicSiteConfig, "coachName" | "coachSlug" | "catalogue">;

export const homeHero = {
  eyebrow: "Strength coaching for women 40+",
  /** docs/product.md §4.1: the hero's headline, the page's h1. */
  title: "Thrive Through the Menopause and Beyond",
  intro:
    "Feel strong, steady and at home in your body again. Online strength training and habit coaching designed around perimenopause and menopause: short sessions, expert guidance and a coach in your corner.",
  cta: "Schedule Free Consultation",
  secondaryCta: "Explore coaching",
  highlights: ["Online, across the UK and worldwide", "No gym experience needed", "Built around your symptoms"],
  chips: ["Stronger bones", "Steadier energy", "Quiet confidence"],
};

export const painPointsSection = {
  eyebrow: "Is this you?",
  title: "Is this you?",
  intro:
    "If any of these sound familiar, you're in very good company, and none of them mean you've left it too late. Each one is something strength training and the right support can change.",
};

/** docs/product.md §4.1: six pain-point statements, each linking to /coaching-services#top. */
export const painPoints: string[] = [
  "You're doing everything you always did, yet your body feels like it belongs to someone else.",
  "Broken sleep and afternoon slumps mean workouts feel like one more thing you're failing at.",
  "Your joints ache in the morning and you're no longer sure what's safe to lift.",
  "Weight has settled around your middle, though nothing about how you eat has changed.",
  "You know strength training protects your bones, but the gym floor feels like another world.",
  "You've started so many plans that you've stopped trusting yourself to see one through.",
];

export interface HelpCard {
  title: string;
  body: string;
}

export const helpSection = {
  eyebrow: "How I help",
  title: "How I Help You Thrive",
  intro:
    "Three kinds of support that work together, so your progress keeps going on the busy weeks and the hard ones.",
};

/** docs/product.md §4.1: three cards, each linking to /coaching-services#top with a Learn More cue. */
export function helpCards(site: Pick<PublicSiteConfig, "coachName">): HelpCard[] {
  return [
    {
      title: "Habit Coaching",
      body: "Small, realistic changes to sleep, food, movement and recovery that add up, without rules you'll resent by Friday. We build on what already works in your week.",
    },
    {
      title: "Community",
      body: "Train alongside women who understand exactly where you are. Monthly group video calls, shared wins and honest conversations about this stage of life.",
    },
    {
      title: "Daily Support",
      body: `Questions don't wait for Monday. Message ${site.coachName} when a symptom flares, a workout needs adapting or motivation dips, and get a considered, personal answer.`,
    },
  ];
}

export const leadCaptureSection = {
  eyebrow: "Free guide",
  title: "Your Menopause Strength Guide",
  intro:
    "A clear, friendly starting point for training through perimenopause and menopause. Pop in your email and it's yours to keep.",
  points: [
    "Why muscle and bone matter more than ever after 40",
    "The foundation moves, explained step by step",
    "How to train around poor sleep, hot flushes and achy joints",
    "A gentle first week you can start at home today",
  ],
  formHeading: "Where shall I send your guide?",
  formDescription: "Add your email and the guide is yours to download straight away.",
  download: "Download Your Menopause Strength Guide",
  downloadHref: "/downloads/menopause-strength-guide.pdf",
  thanks: "Thank you! Your guide is ready whenever you are.",
};

export const testimonialsSection = {
  eyebrow: "Client stories",
  title: "Women who found their strength",
  intro: "Real progress looks different for everyone. Here's what it has meant for some of the women I coach.",
};

export interface OneToOneCard {
  title: string;
  body: string;
}

export function oneToOneSection(site: HomeSite) {
  return {
    eyebrow: "1-to-1 coaching",
    title: `Stronger with ${site.coachName}`,
    intro:
      "When you want a plan that's entirely yours and someone to walk every step with you, 1-to-1 coaching is the most personal way to train.",
  };
}

/** Link cards to /stronger-with-{slug}#top. */
export function oneToOneCards(site: HomeSite): OneToOneCard[] {
  return [
    {
      title: "A programme written for you",
      body: "Built around your goals, your health history, your equipment and the symptoms you're living with, and adjusted as life changes.",
    },
    {
      // NOTE: a non-breaking hyphen keeps "45-minute" together when the title wraps.
      title: `Weekly ${OFFER_FACTS.oneToOneSessionMinutes}\u2011minute sessions`,
      body: `Train live over video with ${site.coachName}: clear cues, real-time form checks and steady, sensible progress.`,
    },
    {
      title: "Support in your pocket",
      body: "Daily messaging-app support for questions, wobbles and wins. You never have to guess what to do next.",
    },
  ];
}

export function oneToOneCallToAction(site: HomeSite) {
  const { oneToOne } = offerPrices(site);
  return {
    title: "Ready for coaching built around you?",
    body: `Personal 1-to-1 coaching for ${oneToOne.monthly} a month, about ${oneToOne.weekly} a week. Not sure yet? Start with a free ${OFFER_FACTS.consultationMinutes}-minute video call and we'll work out the right next step together.`,
    primary: "Explore 1-to-1 coaching",
    secondary: "Book a free consultation",
  };
}

export const calendarSection = {
  eyebrow: "Free download",
  title: "Your free 28-day workout calendar",
  intro:
    "Four weeks of short, achievable strength sessions to pin on the fridge. Tick off each one and watch your confidence build.",
  points: ["Short sessions, no gym needed", "Rest days built in", "Room to note how you feel"],
  formHeading: "Get your calendar",
  formDescription: "Add your email and your calendar is ready to download straight away.",
  download: "Download Your 28-Day Calendar",
  downloadHref: "/downloads/28-day-workout-calendar.pdf",
  thanks: "Lovely! Your calendar is ready to download.",
};

/**
 * schema.org structured data for the business (home page): a professional service with the
 * coach's contact email, social profiles, service area (UK and online) and the catalogue's offers.
 */
export function businessJsonLd(
  site: Pick<PublicSiteConfig, "businessName" | "coachName" | "contactEmail" | "social" | "siteUrl" | "catalogue">,
): Record<string, unknown> {
  const origin = site.siteUrl;
  return {
    "@context": "https://schema.org",
    "@type": ["ProfessionalService", "HealthAndBeautyBusiness"],
    "@id": `${origin}/#business`,
    name: site.businessName,
    description:
      "Online strength training and menopause coaching for women 40+ in perimenopause and menopause, in the UK and online.",
    url: `${origin}/`,
    email: site.contactEmail,
    image: `${origin}/social-card.png`,
    logo: `${origin}/favicon.svg`,
    areaServed: [
      { "@type": "Country", name: "United Kingdom" },
      { "@type": "Place", name: "Online (worldwide)" },
    ],
    availableLanguage: "en-GB",
    currenciesAccepted: "GBP",
    founder: { "@type": "Person", name: site.coachName, jobTitle: "Strength and menopause coach" },
    sameAs: Object.values(site.social),
    makesOffer: site.catalogue.map((product) => {
      const price = (product.pricePence / 100).toFixed(2);
      return {
        "@type": "Offer",
        name: product.name,
        url: `${origin}${product.salesPath}`,
        price,
        priceCurrency: product.currency.toUpperCase(),
        ...(product.mode === "monthly"
          ? {
              priceSpecification: {
                "@type": "UnitPriceSpecification",
                price,
                priceCurrency: product.currency.toUpperCase(),
                unitCode: "MON",
                referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
              },
            }
          : {}),
      };
    }),
  };
}
