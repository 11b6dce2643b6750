import type { Product, ProductKey } from "~/config/catalogue";
import type { PublicSiteConfig } from "~/config/public";
import { formatPrice } from "~/utils/format";

// The plan offers (display data) built from the catalogue (docs/product.md §5.1):
// every price shown on a plan card, in a FAQ answer or in structured data is derived here from
// the catalogue's pence, never typed into a page.

/**
 * Facts about the offers that the catalogue does not (yet) carry as numbers (docs/product.md §14.1). One place,
 * so a page never types them. NOTE: if the coach's configuration grows these fields, read them
 * from there instead.
 */
export const OFFER_FACTS = {
  /** Learn to Lift runs for six weeks; its weekly price is the course price over these weeks. */
  learnToLiftWeeks: 6,
  /** The free consultation is a 20-minute video call. */
  consultationMinutes: 20,
  /** 1-to-1 coaching: one video workout a week of this length. */
  oneToOneSessionMinutes: 45,
} as const;

const WEEKS_PER_YEAR = 52;
const MONTHS_PER_YEAR = 12;

/** Rounds pence to the nearest whole pound (still in pence), for "about this much a week" prices. */
function toWholePounds(pence: number): number {
  return Math.round(pence / 100) * 100;
}

/**
 * The weekly equivalent of a monthly price, rounded to the pound: monthly × 12 ÷ 52.
 * £477 a month gives £110 a week (docs/product.md §14.1).
 */
export function weeklyPenceFromMonthly(monthlyPence: number): number {
  return toWholePounds((monthlyPence * MONTHS_PER_YEAR) / WEEKS_PER_YEAR);
}

/** The weekly equivalent of a one-time course price: £300 over 6 weeks gives £50 a week. */
export function weeklyPenceOverWeeks(totalPence: number, weeks: number): number {
  return toWholePounds(totalPence / weeks);
}

export function oneToOneKey(site: Pick<PublicSiteConfig, "coachSlug">): ProductKey {
  return `stronger-with-${site.coachSlug}`;
}

/** The catalogue entry for a product key; throws if the catalogue lacks it (a configuration bug). */
export function findProduct(catalogue: readonly Product[], key: ProductKey): Product {
  const product = catalogue.find((p) => p.productKey === key);
  if (!product) throw new Error(`The catalogue has no product '${key}'`);
  return product;
}

/**
 * How a price with a weekly figure is shown (docs/product.md §5.2): what she actually pays leads,
 * and the weekly figure, in words, stands beside it, never the other way round.
 */
export interface PriceDisplay {
  /** What she pays: "£300", "£477". */
  amount: string;
  /** How she pays it, after the amount: "one payment", "/month". */
  unit: string;
  /** The weekly figure: "about £50 a week over the 6 weeks", "about £110 a week". */
  weekly: string;
}

/** The three offers with the prices every page shows, derived once. */
export function offerPrices(site: Pick<PublicSiteConfig, "catalogue" | "coachSlug">) {
  const learnToLift = findProduct(site.catalogue, "learn-to-lift");
  const oneToOne = findProduct(site.catalogue, oneToOneKey(site));
  const foundations = findProduct(site.catalogue, "build-stronger-foundations");
  const liftTotal = formatPrice(learnToLift.pricePence);
  const liftWeekly = formatPrice(weeklyPenceOverWeeks(learnToLift.pricePence, OFFER_FACTS.learnToLiftWeeks));
  const oneMonthly = formatPrice(oneToOne.pricePence);
  const oneWeekly = formatPrice(weeklyPenceFromMonthly(oneToOne.pricePence));
  return {
    learnToLift: {
      product: learnToLift,
      total: liftTotal,
      weekly: liftWeekly,
      display: { amount: liftTotal, unit: "one payment", weekly: `about ${liftWeekly} a week over the ${OFFER_FACTS.learnToLiftWeeks} weeks` } satisfies PriceDisplay,
    },
    oneToOne: {
      product: oneToOne,
      monthly: oneMonthly,
      weekly: oneWeekly,
      display: { amount: oneMonthly, unit: "/month", weekly: `about ${oneWeekly} a week` } satisfies PriceDisplay,
    },
    foundations: {
      product: foundations,
      monthly: formatPrice(foundations.pricePence),
    },
  };
}

/** "about £110 a week" → "About £110 a week": a weekly figure that starts a line. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export interface PlanLink {
  href: string;
  label: string;
}

/** docs/product.md §5.1 plan offer: name, subtitle, duration note, price text, features, popular flag, links. */
export interface PlanOffer {
  id: string;
  name: string;
  subtitle: string;
  durationNote: string;
  /** The headline price: what she pays ("£300", "Free"). */
  priceText: string;
  /** What the headline price is per ("one payment", "/month"); empty for a free tier. */
  priceUnit: string;
  /** The line under it: the weekly figure ("about £50 a week over the 6 weeks"), or a note. */
  priceNote: string;
  features: string[];
  popular: boolean;
  learnMore: PlanLink;
  buy: PlanLink;
}

/** The two paid plans on /coaching-services: Learn to Lift (most popular) and 1-to-1 coaching. */
export function paidPlans(site: Pick<PublicSiteConfig, "catalogue" | "coachSlug" | "coachName">): PlanOffer[] {
  const prices = offerPrices(site);
  const { learnToLift, oneToOne } = prices;
  return [
    {
      id: learnToLift.product.productKey,
      name: learnToLift.product.name,
      subtitle: "Small-group course for confident beginners",
      durationNote: `${OFFER_FACTS.learnToLiftWeeks} weeks · lifetime access`,
      priceText: learnToLift.display.amount,
      priceUnit: learnToLift.display.unit,
      priceNote: capitalise(learnToLift.display.weekly),
      features: learnToLift.product.features,
      popular: true,
      learnMore: { href: `${learnToLift.product.salesPath}#top`, label: "Learn More" },
      buy: { href: learnToLift.product.checkoutPath, label: "Buy Now" },
    },
    {
      id: oneToOne.product.productKey,
      name: oneToOne.product.name,
      subtitle: `1-to-1 online coaching with ${site.coachName}`,
      durationNote: "Ongoing monthly coaching",
      priceText: oneToOne.display.amount,
      priceUnit: oneToOne.display.unit,
      priceNote: `${capitalise(oneToOne.display.weekly)}, billed monthly`,
      features: oneToOne.product.features,
      popular: false,
      learnMore: { href: `${oneToOne.product.salesPath}#top`, label: "Learn More" },
      buy: { href: oneToOne.product.checkoutPath, label: "Buy Now" },
    },
  ];
}

/** The free community tier: both links go to the Build Stronger Foundations page (docs/product.md §5.1). */
export function communityTier(site: Pick<PublicSiteConfig, "catalogue" | "coachSlug">): PlanOffer {
  const { foundations } = offerPrices(site);
  const href = `${foundations.product.salesPath}#top`;
  return {
    id: "free-community",
    name: "Free Community",
    subtitle: "Company, encouragement and answers, at no cost",
    durationNote: "Monthly group video calls",
    priceText: "Free",
    priceUnit: "",
    priceNote: `Want more structure? Build Stronger Foundations adds the habit course for ${foundations.monthly} a month.`,
    features: [
      "A private online space with women who get it",
      "Monthly group video calls with Q&A",
      "Gentle accountability and weekly prompts",
      "First to hear about new courses and cohorts",
    ],
    popular: false,
    learnMore: { href, label: "Learn More" },
    buy: { href, label: "Join Now" },
  };
}
