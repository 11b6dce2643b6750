import type { PublicSiteConfig } from "~/config/public";
import { LEARN_TO_LIFT_FACTS } from "~/content/learn-to-lift";
import { offerPrices } from "~/content/plans";

// Build Stronger Foundations (docs/product.md §5.5): the habit course and community sales page and its
// waitlist. The monthly price is the catalogue's (docs/product.md §5.1: £20 a month, billed monthly).

export type FoundationsSite = Pick<PublicSiteConfig, "catalogue" | "coachSlug" | "coachName">;

export function foundationsPrice(site: FoundationsSite) {
  const { foundations } = offerPrices(site);
  return { product: foundations.product, monthly: foundations.monthly };
}

export interface Pillar {
  title: string;
  body: string;
}

/** "Why habits matter" (docs/product.md §5.5): the three reasons, in the documented order. */
export const whyHabitsMatter: Pillar[] = [
  {
    title: "Consistency over perfection",
    body: "Two imperfect ten-minute sessions do more for you than the perfect plan you never start. We aim for most weeks, not every day, and a missed day is simply a day.",
  },
  {
    title: "Reduce decision fatigue",
    body: "When the when, the where and the what are decided in advance, your energy goes into moving rather than negotiating with yourself at the end of a long day.",
  },
  {
    title: "Build confidence",
    body: "Every small promise you keep to yourself is evidence. Confidence grows from that evidence, and habits give you plenty of it, week after week.",
  },
];

export const courseIntro = [
  "Build Stronger Foundations is a self-paced habit course with a private community around it. It isn't a workout plan. It's the groundwork that makes any plan stick: knowing what you want from exercise, fitting it into the week you actually have, and getting back on track without guilt when life gets in the way.",
  "Each short lesson comes with a practical worksheet that takes 10–15 minutes. You work through them at your own pace, try one small change at a time, and bring your questions to the community and the monthly group video call.",
];

/** The six feature cards. */
export const features: Pillar[] = [
  {
    title: "Short, practical lessons",
    body: "Bite-sized videos you can watch in less time than it takes to drink a cup of tea, each with one clear idea to try.",
  },
  {
    title: "10–15 minute worksheets",
    body: "Turn each lesson into a plan for your real week: your schedule, your energy, your responsibilities.",
  },
  {
    title: "A simple habit tracker",
    body: "See your streaks of small wins build up, and spot the patterns that help or hinder you.",
  },
  {
    title: "Monthly group video calls",
    body: "Live calls with the group to celebrate progress, work through sticking points and ask anything.",
  },
  {
    title: "A private community",
    body: "A calm online space with women who understand perimenopause and menopause because they're living it too.",
  },
  {
    title: "Go at your own pace",
    body: "The lessons and worksheets published while you're a member are yours for life, so you can revisit one whenever you need a reset.",
  },
];

/** How the community works (docs/product.md §5.5): the three ideas, in the documented order. */
export const communityPillars: Pillar[] = [
  {
    title: "Shared understanding",
    body: "Everyone here knows what it's like to train through broken sleep, hot flushes and a changing body. Nobody needs anything explained.",
  },
  {
    title: "Mutual support",
    body: "Ask the question you've been wondering about, share a hard week, cheer someone else's first push-up. Kindness is the house rule.",
  },
  {
    title: "Accountability",
    body: "Gentle weekly check-ins and the monthly call keep you coming back, because people notice and care when you show up.",
  },
];

/** The FAQ: each answer links to Learn to Lift (docs/product.md §5.5). Answers use RichText marks. */
export function foundationsFaq(site: FoundationsSite): { question: string; answer: string }[] {
  const { monthly } = foundationsPrice(site);
  const lift = LEARN_TO_LIFT_FACTS;
  return [
    {
      question: "Is Build Stronger Foundations a workout programme?",
      answer: `No. It's about the habits and mindset that make exercise stick. If you'd like a structured, step-by-step strength programme as well, [Learn to Lift](/learn-to-lift) is our ${lift.weeks}-week beginners' course.`,
    },
    {
      question: "I've never managed to exercise regularly. Will this help?",
      answer:
        "That's exactly who it's for. We start small and build from there. Once moving feels like part of your week, many members go on to [Learn to Lift](/learn-to-lift) to start strength training with confidence.",
    },
    {
      question: "How is this different from Learn to Lift?",
      answer: `Build Stronger Foundations helps you make time and space for exercise; [Learn to Lift](/learn-to-lift) teaches you what to do in that time, with ${lift.workoutsPerWeek} short strength workouts a week for ${lift.weeks} weeks. They work well together, and you can start with either.`,
    },
    {
      question: "How much time does it take?",
      answer: `Most lessons are a few minutes long and each worksheet takes 10–15 minutes. If you'd like short workouts to put your new habits into practice, [Learn to Lift](/learn-to-lift) sessions take under ${lift.workoutMaxMinutes} minutes.`,
    },
    {
      question: "What does it cost?",
      answer: `${monthly} a month, billed monthly, for the course and the community. If you later want guided strength training too, [Learn to Lift](/learn-to-lift) is a separate one-off course.`,
    },
  ];
}

export interface ExploreCard {
  title: string;
  description: string;
  to: string;
  cta: string;
}

/** The three Explore More cards under the waitlist form (docs/product.md §5.5). */
export const waitlistExploreCards: ExploreCard[] = [
  {
    title: "Coaching Services",
    description: "Compare Learn to Lift, 1-to-1 coaching and the free community, and find the right next step.",
    to: "/coaching-services#top",
    cta: "See the options",
  },
  {
    title: "Community",
    description: "Meet women training through perimenopause and menopause, with monthly group video calls.",
    to: "/community#top",
    cta: "Visit the community",
  },
  {
    title: "Build Stronger Foundations",
    description: "The habit course and community that make exercise part of your week, without the guilt.",
    to: "/build-stronger-foundations#top",
    cta: "Explore the course",
  },
];

/** What waitlist subscribers receive. */
export const waitlistPromises = [
  "Simple habit tips you can use the same day",
  "A heads-up when new live sessions and places open",
  "No spam, no pressure, and an unsubscribe link in every email",
];

export const FOUNDATIONS_DESCRIPTION =
  "Build Stronger Foundations: a habit-building course and supportive community for women 40+ in perimenopause and menopause, with monthly group video calls. Billed monthly.";

/** schema.org Product with a monthly Offer at the catalogue price (docs/product.md §5.1). */
export function foundationsJsonLd(site: FoundationsSite & Pick<PublicSiteConfig, "businessName" | "siteUrl">) {
  const { product } = foundationsPrice(site);
  const price = (product.pricePence / 100).toFixed(2);
  const currency = product.currency.toUpperCase();
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: FOUNDATIONS_DESCRIPTION,
    url: `${site.siteUrl}${product.salesPath}`,
    brand: { "@type": "Brand", name: site.businessName },
    offers: {
      "@type": "Offer",
      price,
      priceCurrency: currency,
      url: `${site.siteUrl}${product.checkoutPath}`,
      availability: "https://schema.org/InStock",
      seller: { "@type": "Organization", name: site.businessName, url: `${site.siteUrl}/` },
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: currency,
        referenceQuantity: { "@type": "QuantitativeValue", value: 1, unitCode: "MON" },
      },
    },
  };
}
