import type { PublicSiteConfig } from "~/config/public";
import { OFFER_FACTS, offerPrices } from "~/content/plans";

// Learn to Lift (docs/product.md §5.4 and §14.1): the course facts and the copy of its sales page. Prices come
// from the catalogue (docs/product.md §5.1) through offerPrices(); the weekly figure is the course price
// divided by its six weeks (£300 ÷ 6 = £50), rounded to the pound.

/** The course's time commitment (docs/product.md §14.1). One place: the page, the FAQ and the JSON-LD read it. */
export const LEARN_TO_LIFT_FACTS = {
  weeks: OFFER_FACTS.learnToLiftWeeks,
  /** At most this many new exercises are introduced each week. */
  maxNewExercisesPerWeek: 4,
  workoutsPerWeek: 2,
  /** Each workout takes less than this. */
  workoutMaxMinutes: 25,
  /** The weekly group video call takes less than this. */
  callMaxMinutes: 30,
  /** Dumbbells are introduced in this week. */
  dumbbellsFromWeek: 4,
  lifetimeAccess: true,
} as const;

export type LearnToLiftSite = Pick<PublicSiteConfig, "catalogue" | "coachSlug" | "coachName">;

/** The price as every part of the page shows it: £300 in one payment, £50 a week. */
export function learnToLiftPrice(site: LearnToLiftSite) {
  const { learnToLift } = offerPrices(site);
  return {
    product: learnToLift.product,
    total: learnToLift.total,
    weekly: learnToLift.weekly,
    display: learnToLift.display,
  };
}

export interface FactTile {
  value: string;
  label: string;
  detail: string;
}

/** The time-commitment tiles, built from the facts above. */
export function timeCommitment(): FactTile[] {
  const f = LEARN_TO_LIFT_FACTS;
  return [
    {
      value: `${f.weeks} weeks`,
      label: "A clear start and finish",
      detail: "One cohort, moving through the course together, with a plan for what comes next.",
    },
    {
      value: `${f.workoutsPerWeek} × <${f.workoutMaxMinutes} min`,
      label: `Workouts under ${f.workoutMaxMinutes} minutes, twice weekly`,
      detail: "Short enough for a lunch break or before the school run. Done at home, when it suits you.",
    },
    {
      value: `Up to ${f.maxNewExercisesPerWeek}`,
      label: "New exercises a week",
      detail: "Never a flood of moves to remember. Each one is taught step by step, with easier and harder options.",
    },
    {
      value: `<${f.callMaxMinutes} min`,
      label: `Video calls under ${f.callMaxMinutes} minutes`,
      detail: "A weekly group call for technique tips, your questions and the week ahead.",
    },
    {
      value: `Week ${f.dumbbellsFromWeek}`,
      label: "Dumbbells join in",
      detail: "Body weight first, so your technique is solid before you add load.",
    },
    {
      value: "Lifetime",
      label: "Access to the course",
      detail: "Keep every video, guide and workout plan, and repeat the course whenever you like.",
    },
  ];
}

export interface CourseWeek {
  week: number;
  title: string;
  summary: string;
}

export const courseWeeks: CourseWeek[] = [
  {
    week: 1,
    title: "Foundations",
    summary:
      "How to brace and breathe, how hard is hard enough, and your first four moves: a sit-to-stand squat, a wall press-up, a glute bridge and a dead bug.",
  },
  {
    week: 2,
    title: "Hinge and pull",
    summary:
      "The hip hinge, the movement behind every safe lift from the floor, plus exercises for the upper back that help you stand taller.",
  },
  {
    week: 3,
    title: "Balance and single-leg strength",
    summary:
      "Split squats, step-ups and calf raises for steadier stairs, kerbs and country walks, and fewer wobbles.",
  },
  {
    week: 4,
    title: "Dumbbells join in",
    summary:
      "Goblet squats, Romanian deadlifts, rows and presses, with guidance on choosing your weights and when to go heavier.",
  },
  {
    week: 5,
    title: "Build and progress",
    summary:
      "Carries, lunges and floor presses. You learn to progress on purpose, so you keep getting stronger after the course ends.",
  },
  {
    week: 6,
    title: "Your own programme",
    summary:
      "Put it all together into a full-body routine, see how far you have come, and leave with a plan for the months ahead.",
  },
];

/** Who the course suits, and who it may not suit yet (docs/product.md §5.4). */
export function suitability(site: Pick<PublicSiteConfig, "coachSlug">) {
  return {
  forYou: [
    "You're in perimenopause or post-menopause and want to feel strong and capable in your body again.",
    "You're new to weights, or coming back after years away, and want to learn to lift properly.",
    "You'd like short, structured workouts you can do at home, without a gym.",
    "You want to look after your muscles, bones and joints for the decades ahead.",
    "You'd enjoy learning alongside a small group of women at the same stage of life.",
  ],
  notYet: [
    "A doctor or physiotherapist has told you not to exercise, or you're recovering from surgery or a recent injury. Get the all-clear first; the course will still be here.",
    `You already lift regularly and want an advanced programme. [1-to-1 coaching](/stronger-with-${site.coachSlug}) will suit you better.`,
    "You're looking for a quick fix. This course builds strength that lasts, a week at a time.",
  ],
  };
}

/** The eleven questions of the sales page's FAQ (docs/product.md §5.4). Answers use the inline marks of RichText. */
export function learnToLiftFaq(site: LearnToLiftSite): { question: string; answer: string[] }[] {
  const f = LEARN_TO_LIFT_FACTS;
  const { total, weekly } = learnToLiftPrice(site);
  return [
    {
      question: "I've never lifted weights before. Is this course for me?",
      answer: [
        `Yes. Learn to Lift is written for beginners and for women returning after a long break. We start with body weight, introduce no more than ${f.maxNewExercisesPerWeek} new exercises a week, and every move comes with an easier and a harder version, so you always work at the right level for you.`,
      ],
    },
    {
      question: "What equipment do I need?",
      answer: [
        `For the first three weeks, a sturdy chair, a step and a little floor space. From week ${f.dumbbellsFromWeek} you'll need a pair of dumbbells, or two pairs if you can (one lighter, one heavier). We'll help you choose weights before you buy, so you don't waste money on the wrong ones.`,
        "You'll also need a phone, tablet or computer for the videos and the weekly call.",
      ],
    },
    {
      question: "How much time will it take each week?",
      answer: [
        `Two workouts, each under ${f.workoutMaxMinutes} minutes, and one group video call of under ${f.callMaxMinutes} minutes. That's well under an hour and a half a week in total, and you choose when to do the workouts.`,
      ],
    },
    {
      question: "What if I can't make the live video call?",
      answer: [
        "Each call is recorded and added to the course area, usually the same day. Send your questions in beforehand and they'll be answered on the recording, so you never miss out.",
      ],
    },
    {
      question: "What happens on the weekly video calls?",
      answer: [
        `${site.coachName} walks through the new exercises for the week, answers questions and gives technique pointers. You can share a short clip of your lifts for feedback if you'd like to; cameras are always optional.`,
      ],
    },
    {
      question: "I have joint pain, arthritis or osteoporosis. Can I join?",
      answer: [
        "Many women with these conditions train safely and find that well-chosen strength work helps. Tell us about your health when you join and every exercise has an alternative. If you've been advised to limit activity, or you're unsure, please check with your GP or physiotherapist before you start.",
      ],
    },
    {
      question: "Will strength training help with my menopause symptoms?",
      answer: [
        "Strength training isn't a medical treatment for the menopause, but it supports the muscle and bone that change around this time, and many women find regular training helps their sleep, mood, energy and confidence.",
        "It works alongside whatever you and your GP decide about symptoms, whether or not you take HRT. For more, read our guide to [strength training for women over 40](/strength-training).",
      ],
    },
    {
      question: "What does lifetime access mean?",
      answer: [
        "You keep every video, guide and workout plan from the course for as long as you like. Many women repeat the course with heavier dumbbells, or return to a lesson when they want a refresher.",
      ],
    },
    {
      question: "What happens when the course ends?",
      answer: [
        `You leave with a full-body programme you can keep following and a clear idea of how to progress it. If you'd like more personal support, [1-to-1 coaching with ${site.coachName}](/stronger-with-${site.coachSlug}) picks up where the course ends, and [our community](/community) is there to keep you company.`,
      ],
    },
    {
      question: "How much does it cost, and how do I pay?",
      answer: [
        `${total} in one payment, which works out at ${weekly} a week over the ${f.weeks} weeks. There's no subscription. You pay by card on a secure page hosted by our payment provider, Stripe.`,
      ],
    },
    {
      question: "Can I talk to someone before I decide?",
      answer: [
        `Of course. Book a free ${OFFER_FACTS.consultationMinutes}-minute video consultation with ${site.coachName} below, or [get in touch](/contact). There's no pressure and no obligation; it's a chance to ask anything and make sure the course is right for you.`,
      ],
    },
  ];
}

/** Pence as a schema.org price: 30000 → "300.00". */
export function schemaPrice(pence: number): string {
  return (pence / 100).toFixed(2);
}

export const LEARN_TO_LIFT_DESCRIPTION = `A ${LEARN_TO_LIFT_FACTS.weeks}-week small-group strength course for women in perimenopause and menopause: ${LEARN_TO_LIFT_FACTS.workoutsPerWeek} workouts a week of under ${LEARN_TO_LIFT_FACTS.workoutMaxMinutes} minutes, a weekly group video call and lifetime access.`;

/** schema.org Course with its provider and an Offer at the catalogue price (docs/product.md §5.1). */
export function learnToLiftJsonLd(
  site: LearnToLiftSite & Pick<PublicSiteConfig, "businessName" | "siteUrl" | "nextCohortDate">,
): Record<string, unknown> {
  const { product } = learnToLiftPrice(site);
  const provider = { "@type": "Organization", name: site.businessName, url: `${site.siteUrl}/` };
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: product.name,
    description: LEARN_TO_LIFT_DESCRIPTION,
    url: `${site.siteUrl}${product.salesPath}`,
    inLanguage: "en-GB",
    timeRequired: `P${LEARN_TO_LIFT_FACTS.weeks}W`,
    provider,
    offers: {
      "@type": "Offer",
      category: "Paid",
      price: schemaPrice(product.pricePence),
      priceCurrency: product.currency.toUpperCase(),
      url: `${site.siteUrl}${product.checkoutPath}`,
      availability: "https://schema.org/InStock",
    },
    hasCourseInstance: {
      "@type": "CourseInstance",
      courseMode: "Online",
      startDate: site.nextCohortDate,
      instructor: { "@type": "Person", name: site.coachName },
    },
  };
}
