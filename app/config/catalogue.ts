// The product catalogue (docs/product.md §5.1): the one source of every price shown anywhere.
// Prices are integer pence; display helpers live in ~/utils/format.

/**
 * Build Stronger Foundations' feature line about what she keeps (the sales page, the checkout and
 * /payment-success; docs/decisions/255-foundations-materials-kept-after-cancelling.md). The rest of
 * that promise's wording is in app/content/foundations-keep.ts.
 */
export const FOUNDATIONS_KEEP_FEATURE = "Lifetime access to the lessons and worksheets published while you're a member";

export type ProductMode = "one_time" | "monthly";

export type ProductKey = "learn-to-lift" | "build-stronger-foundations" | `stronger-with-${string}`;

export interface Product {
  productKey: ProductKey;
  /** Short name used on receipts, in payment history and at the payment provider. */
  name: string;
  pricePence: number;
  currency: "gbp";
  mode: ProductMode;
  /** Route of the sales page (without #top). */
  salesPath: string;
  /** Route of the checkout page. */
  checkoutPath: string;
  features: string[];
  /** A one-time course she may also pay for in this many monthly payments (docs/product.md §8.11). */
  instalments?: number;
}

export interface CatalogueInput {
  coachName: string;
  coachSlug: string;
  prices: { learnToLift: number; oneToOne: number; foundations: number };
}

export function buildCatalogue({ coachName, coachSlug, prices }: CatalogueInput): Product[] {
  return [
    {
      productKey: "learn-to-lift",
      name: "Learn to Lift",
      pricePence: prices.learnToLift,
      currency: "gbp",
      mode: "one_time",
      salesPath: "/learn-to-lift",
      checkoutPath: "/learn-to-lift-checkout",
      instalments: 3,
      features: [
        "6-week small-group strength course",
        "Two workouts a week, each under 25 minutes",
        "Up to 4 new exercises a week, taught step by step",
        "Weekly group video call, under 30 minutes",
        "Dumbbells introduced from week 4",
        "Lifetime access to course materials",
      ],
    },
    {
      productKey: `stronger-with-${coachSlug}`,
      name: `Stronger with ${coachName}`,
      pricePence: prices.oneToOne,
      currency: "gbp",
      mode: "monthly",
      salesPath: `/stronger-with-${coachSlug}`,
      checkoutPath: `/stronger-with-${coachSlug}-checkout`,
      features: [
        "Weekly 45-minute 1-to-1 video workout",
        "A programme written around your body, your week and your symptoms",
        "Daily support by messaging app",
        "Form checks and progress reviews",
        "Habit and recovery coaching for perimenopause and menopause",
      ],
    },
    {
      productKey: "build-stronger-foundations",
      name: "Build Stronger Foundations",
      pricePence: prices.foundations,
      currency: "gbp",
      mode: "monthly",
      salesPath: "/build-stronger-foundations",
      checkoutPath: "/build-stronger-foundations-checkout",
      features: [
        "Habit-building course in short, practical lessons",
        "Worksheets that take 10–15 minutes",
        "Private community with monthly group video calls",
        "Accountability check-ins",
        FOUNDATIONS_KEEP_FEATURE,
      ],
    },
  ];
}
