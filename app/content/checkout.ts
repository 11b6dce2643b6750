import { FOUNDATIONS_KEEP_FEATURE, type Product } from "~/config/catalogue";
import type { PublicSiteConfig } from "~/config/public";
import { formatLongDate, formatPrice } from "~/utils/format";
import type { PromotionPricing } from "~/validation/promotion-code";
import { evenPlan, type InstalmentPlan } from "~/config/instalments";
import { coursePath } from "~/content/courses";
import { OFFER_FACTS, offerPrices, oneToOneKey } from "~/content/plans";

// The copy of the three checkout pages, the test checkout and /payment-success (docs/product.md §8.1).
// Prices and names come from the catalogue (docs/product.md §5.1) through offerPrices(); nothing here types
// a price.

/** docs/product.md §8.2: the alerts, verbatim. */
export const CHECKOUT_MESSAGES = {
  providerError: "There was an issue processing your payment request. Please try again or contact support.",
  missingUrl: "Unable to create payment session. Please try again or contact support.",
  unexpected: "An unexpected error occurred. Please try again or contact support.",
  cancelled: "Payment was cancelled. Please try again when you're ready to complete your purchase.",
} as const;

export type CheckoutErrorCode =
  | "provider_error"
  | "missing_url"
  | "unexpected"
  | "unknown_product"
  | "already_subscribed"
  | "already_owned"
  | "promotion_refused"
  | "plan_refused";

/** A payment plan asked for where there is none, or with a promotion code (docs/product.md §8.11). */
export const PLAN_MESSAGES = {
  unavailable: "This offer is paid in one go. Please choose the full price.",
  withCode: "A promotion code applies when you pay in one go. Remove the code to pay in monthly payments.",
} as const;

export function checkoutErrorMessage(code: CheckoutErrorCode): string {
  switch (code) {
    case "provider_error":
      return CHECKOUT_MESSAGES.providerError;
    case "missing_url":
      return CHECKOUT_MESSAGES.missingUrl;
    default:
      return CHECKOUT_MESSAGES.unexpected;
  }
}

/** A member who already has this monthly offer running (buying it twice would bill her twice). */
export function alreadySubscribedMessage(productName: string): string {
  return `You already have ${productName}. You can manage your subscription from your account settings.`;
}

/**
 * A member who already has a course paid once and kept for life (Learn to Lift): a second purchase
 * is possible, but only once she confirms it (docs/product.md §8.1).
 */
export function alreadyOwnedMessage(productName: string): string {
  return `You already have ${productName}. Buying it again would be a second, separate purchase: if it's for a friend, please buy it from their own account.`;
}

export const PURCHASE_BUTTON_TEXT = "Complete Your Purchase";

export const PRIVACY_NOTE =
  "Your privacy matters. Your personal information is never sold, traded, shared or rented to anyone. We use it only to run your account and your coaching.";

export type CheckoutOfferId = "learn-to-lift" | "one-to-one" | "foundations";

export interface CheckoutPriceCard {
  /** The headline price ("£300", "£20"). */
  price: string;
  /** After the price ("one payment", "/month"). */
  unit: string;
  /** A line under it, with the weekly figure ("That's about £50 a week over the 6 weeks"). */
  note: string;
}

export interface CheckoutContent {
  id: CheckoutOfferId;
  product: Product;
  title: string;
  /** Under the title for a visitor, who creates her account here (the documented words). */
  intro: string;
  /** Under the title for a signed-in member, who only has to pay. */
  memberIntro: string;
  /** The source label of the sign-up form and the profile's signup_source (docs/product.md §7.2). */
  sourceLabel: string;
  priceCard: CheckoutPriceCard;
  /** A numbered list with its heading: how it works, or the five next steps (a member's own wording). */
  steps: { heading: string; items: string[]; memberItems: string[] };
  /** What's Included (Build Stronger Foundations), otherwise the product's features. */
  included: { heading: string; items: string[] };
  /** A course paid once (Learn to Lift): where she finds it once it is hers. */
  coursePath?: string;
}

type CheckoutSite = Pick<PublicSiteConfig, "catalogue" | "coachSlug" | "coachName" | "nextCohortDate">;

/** Build Stronger Foundations: eight course points plus lifetime access (docs/product.md §8.1). */
export const FOUNDATIONS_INCLUDED = [
  "Why habits beat motivation, and how to start smaller than you think",
  "Finding your own reasons to move, beyond the number on the scales",
  "Fitting movement into the week you actually have",
  "Cutting decision fatigue with simple, repeatable routines",
  "Consistency over perfection: getting back on track after a missed week",
  "Sleep, energy and recovery through perimenopause and menopause",
  "Building confidence by keeping small promises to yourself",
  "Practical worksheets that take 10–15 minutes",
  FOUNDATIONS_KEEP_FEATURE,
];

/** The first step for a visitor; a signed-in member has done it already. */
const ACCOUNT_STEP = "Create your account, or log in if you already have one.";
const MEMBER_ACCOUNT_STEP = "You're logged in, so your account is ready.";

function withMemberSteps(steps: { heading: string; items: string[] }): CheckoutContent["steps"] {
  return { ...steps, memberItems: steps.items.map((item) => (item === ACCOUNT_STEP ? MEMBER_ACCOUNT_STEP : item)) };
}

/** Under the title for a member who already has this monthly offer running. */
export const ALREADY_SUBSCRIBED_INTRO = "Welcome back. Your subscription is running, so there's nothing more to pay.";

/** Under the title for a member who already has this course, hers for life. */
export const ALREADY_OWNED_INTRO = "Welcome back. The course is already yours, for life, so there's nothing more to pay.";

/** The box she ticks to buy a course she already has a second time: its field, which the server checks. */
export const CONFIRM_SECOND_PURCHASE = { name: "confirmSecondPurchase", value: "yes" } as const;

/** That box's words. */
export function confirmSecondPurchaseLabel(productName: string): string {
  return `I understand, and I want to buy ${productName} again as a second, separate purchase.`;
}

/** The words under the title: a visitor is asked to create her account, a member to complete her purchase. */
export function checkoutIntro(
  content: CheckoutContent,
  viewer: { signedIn: boolean; alreadySubscribed: boolean; alreadyOwned?: boolean },
): string {
  if (!viewer.signedIn) return content.intro;
  if (viewer.alreadySubscribed) return ALREADY_SUBSCRIBED_INTRO;
  return viewer.alreadyOwned ? ALREADY_OWNED_INTRO : content.memberIntro;
}

export function checkoutContent(site: CheckoutSite, id: CheckoutOfferId): CheckoutContent {
  const prices = offerPrices(site);
  switch (id) {
    case "foundations": {
      const { product, monthly } = prices.foundations;
      return {
        id,
        product,
        title: `Welcome to ${product.name}`,
        intro: "Create your account below to join today",
        memberIntro: "Complete your purchase below to join today",
        sourceLabel: product.name,
        priceCard: { price: monthly, unit: "/month", note: "Billed monthly. Cancel any time from your account." },
        steps: withMemberSteps({
          heading: "How joining works",
          items: [
            ACCOUNT_STEP,
            `Pay ${monthly} securely on our payment provider's page.`,
            "Check your email for your welcome message and course access.",
            "Join the private community and say hello.",
          ],
        }),
        included: { heading: "What's Included", items: FOUNDATIONS_INCLUDED },
      };
    }
    case "learn-to-lift": {
      const { product, display } = prices.learnToLift;
      return {
        id,
        product,
        title: `Join ${product.name}`,
        intro: "Create your account below to secure your place.",
        memberIntro: "Complete your purchase below to secure your place.",
        sourceLabel: product.name,
        priceCard: { price: display.amount, unit: display.unit, note: `That's ${display.weekly}, with lifetime access.` },
        steps: withMemberSteps({
          heading: "Your five next steps",
          items: [
            "Complete your purchase to secure your place on the next cohort.",
            "Check your email for your welcome pack and joining details.",
            "Join the private community and introduce yourself to your group.",
            "Watch the short welcome lessons and check you have a little space to move.",
            `Start your first workout when the cohort begins on ${formatLongDate(site.nextCohortDate)}.`,
          ],
        }),
        included: { heading: "What's Included", items: product.features },
        coursePath: coursePath("learn-to-lift"),
      };
    }
    case "one-to-one": {
      const { product, monthly, display } = prices.oneToOne;
      return {
        id,
        product,
        title: `Join ${product.name}`,
        intro: "Create your account below to start your coaching.",
        memberIntro: "Complete your purchase below to start your coaching.",
        sourceLabel: product.name,
        priceCard: { price: display.amount, unit: display.unit, note: `That's ${display.weekly}. Billed monthly; cancel any time from your account.` },
        steps: withMemberSteps({
          heading: "How it works",
          items: [
            ACCOUNT_STEP,
            `Complete your purchase: ${monthly} a month, paid securely on our payment provider's page.`,
            `${site.coachName} emails you within one working day to book your first session.`,
            `Train together in a ${OFFER_FACTS.oneToOneSessionMinutes}-minute video workout every week, with daily support in between.`,
          ],
        }),
        included: { heading: "What's Included", items: product.features },
      };
    }
  }
}

/** The checkout offer of a product key, for pages that start from a product. */
export function checkoutOfferFor(site: Pick<PublicSiteConfig, "coachSlug">, productKey: string): CheckoutOfferId | null {
  if (productKey === "learn-to-lift") return "learn-to-lift";
  if (productKey === "build-stronger-foundations") return "foundations";
  if (productKey === oneToOneKey(site)) return "one-to-one";
  return null;
}

// ─── /payment-success ───────────────────────────────────────────────────────────────────────────

export const SUCCESS_CARDS = [
  {
    title: "Check your email",
    body: "Your receipt and welcome email are on their way, with everything you need to get started.",
  },
  {
    title: "Join the private community",
    body: "Say hello to women on the same path, ask questions and share your wins.",
    link: "Join the community",
  },
  {
    title: "Start learning",
    body: "Begin with the first lesson when you're ready. Small steps, done consistently, add up.",
  },
] as const;

/** What was gained, when the page does not know the product (otherwise the product's features). */
export const SUCCESS_GAINS = [
  "Expert guidance designed for women in perimenopause and menopause",
  "A plan that fits your life, built on small, sustainable habits",
  "A supportive community of women who understand",
];

// ─── Promotion codes (docs/product.md §8.9) ─────────────────────────────────────────────────────

/** The price card with a code applied: the reduced price first, then what it saves and for how long. */
export function promotionPriceCard(product: Product, pricing: PromotionPricing): CheckoutPriceCard & { was: string; saving: string } {
  const was = formatPrice(pricing.listPence);
  const now = formatPrice(pricing.firstPaymentPence);
  const saving = formatPrice(pricing.discountPence);
  if (product.mode !== "monthly") {
    return { price: now, unit: "one payment", was, saving: `You save ${saving} with ${pricing.code}.`, note: `The full price is ${was}.` };
  }
  switch (pricing.duration) {
    case "forever":
      return { price: now, unit: "/month", was, saving: `You save ${saving} every month with ${pricing.code}.`, note: "Billed monthly at this price for as long as you stay. Cancel any time from your account." };
    case "repeating": {
      const months = pricing.durationMonths ?? 1;
      const first = months === 1 ? "your first month" : `your first ${months} months`;
      return {
        price: now,
        unit: "/month",
        was,
        saving: `You save ${saving} a month for ${first} with ${pricing.code}.`,
        note: `Then ${was} a month. Cancel any time from your account.`,
      };
    }
    default:
      return { price: now, unit: "first month", was, saving: `You save ${saving} on your first month with ${pricing.code}.`, note: `Then ${was} a month. Cancel any time from your account.` };
  }
}

// ─── Paying in monthly payments (docs/product.md §8.11) ─────────────────────────────────────────

/** The two ways to pay for a course that has a plan, as the checkout page offers them. */
export function planChoices(product: Product, plan: InstalmentPlan): { full: { label: string; detail: string }; instalments: { label: string; detail: string } } {
  const later = formatPrice(plan.laterPence);
  return {
    full: { label: `${formatPrice(product.pricePence)} in one payment`, detail: "Paid today, and the course is yours for life." },
    instalments: {
      label: `Pay in ${plan.count} monthly payments`,
      detail: evenPlan(plan)
        ? `${plan.count} × ${later}: the first today, the others on the same day in the months after. Your course opens straight away, and the payments stop by themselves after the last one.`
        : `${formatPrice(plan.firstPence)} today, then ${plan.count - 1} × ${later} on the same day in the months after. Your course opens straight away, and the payments stop by themselves after the last one.`,
    },
  };
}

/** The price card's line about the plan, under the full price. */
export function planPriceNote(plan: InstalmentPlan): string {
  return evenPlan(plan)
    ? `Or pay in ${plan.count} monthly payments of ${formatPrice(plan.laterPence)}.`
    : `Or pay in ${plan.count} monthly payments: ${formatPrice(plan.firstPence)} today, then ${plan.count - 1} × ${formatPrice(plan.laterPence)}.`;
}
