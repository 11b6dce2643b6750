import type { PublicSiteConfig } from "~/config/public";
import { OFFER_FACTS, offerPrices } from "~/content/plans";

// 1-to-1 coaching, /stronger-with-{slug} (docs/product.md §5.3 and §14.1). The price is the catalogue's monthly
// price (docs/product.md §5.1); the weekly figure shown beside it is derived from it by
// weeklyPenceFromMonthly() in ~/content/plans: monthly × 12 ÷ 52, rounded to the nearest pound
// (£477 a month → £110.08 → £110 a week). Nothing here types a price.

export type OneToOneSite = Pick<PublicSiteConfig, "catalogue" | "coachSlug" | "coachName">;

export function oneToOnePrice(site: OneToOneSite) {
  const { oneToOne } = offerPrices(site);
  return { product: oneToOne.product, monthly: oneToOne.monthly, weekly: oneToOne.weekly, display: oneToOne.display };
}

export interface Benefit {
  title: string;
  body: string;
}

export function oneToOneBenefits(site: OneToOneSite): Benefit[] {
  return [
    {
      title: "A programme that's truly yours",
      body: "Written around your goals, your health history, the equipment you have and the symptoms you're living with, then adjusted as life changes.",
    },
    {
      title: `Weekly ${OFFER_FACTS.oneToOneSessionMinutes}-minute video workouts`,
      body: `Train live with ${site.coachName} once a week: clear coaching cues, form checks in real time and someone cheering you on.`,
    },
    {
      title: "Daily messaging-app support",
      body: `Message ${site.coachName} any day of the week: a question about an exercise, a wobble in motivation, or a win worth celebrating.`,
    },
    {
      title: "Training that flexes with you",
      body: "A bad night's sleep, a flare-up or a run of hot flushes doesn't mean a lost week. Your session adapts, so you keep going.",
    },
    {
      title: "Progress you can see",
      body: "Regular reviews of your strength, energy, sleep and confidence, so you know what's working and what to change.",
    },
    {
      title: "Habits that outlast the plan",
      body: "Coaching on recovery, routines and everyday movement, so strength becomes part of your life rather than another thing to fit in.",
    },
  ];
}

export interface Step {
  title: string;
  body: string;
}

export function oneToOneSteps(site: OneToOneSite): Step[] {
  return [
    {
      title: "Book a free consultation",
      body: `A relaxed ${OFFER_FACTS.consultationMinutes}-minute video call to talk about your goals, your health and whether 1-to-1 coaching is right for you.`,
    },
    {
      title: "Get your plan",
      body: `Your first session covers your health history, what you'd like to change and a gentle movement check. ${site.coachName} then writes your programme.`,
    },
    {
      title: "Train together every week",
      body: `One ${OFFER_FACTS.oneToOneSessionMinutes}-minute video workout a week with ${site.coachName}, plus the sessions you do on your own in between.`,
    },
    {
      title: "Stay supported every day",
      body: "Message whenever you need to. Your programme is reviewed regularly and moves forward as you get stronger.",
    },
  ];
}

export const oneToOneFit = [
  "You want personal attention and a plan built for your body, not a generic programme.",
  "You're managing joint pain, low bone density or a past injury and want to train with confidence.",
  "You've started and stopped before, and know that accountability makes the difference.",
  "Your week is busy and unpredictable, and you need training that bends around it.",
];

export const goodToKnow: Benefit[] = [
  {
    title: "Where",
    body: "Online, by video call, wherever you are in the UK or further afield. No travel, no gym membership needed.",
  },
  {
    title: "Equipment",
    body: "We start with what you have, at home or at the gym. If a pair of dumbbells would help, you'll get advice before you buy.",
  },
  {
    title: "Your health",
    body: "If you have a medical condition or have been advised to limit activity, please check with your GP before you begin.",
  },
];

export function oneToOneDescription(site: Pick<PublicSiteConfig, "coachName">): string {
  return `Personal 1-to-1 online strength coaching with ${site.coachName} for women 40+: weekly ${OFFER_FACTS.oneToOneSessionMinutes}-minute video workouts, daily messaging-app support and a programme built around perimenopause and menopause.`;
}

/** schema.org Product with a monthly Offer at the catalogue price (docs/product.md §5.1). */
export function oneToOneJsonLd(site: OneToOneSite & Pick<PublicSiteConfig, "businessName" | "siteUrl">) {
  const { product } = oneToOnePrice(site);
  const price = (product.pricePence / 100).toFixed(2);
  const currency = product.currency.toUpperCase();
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: oneToOneDescription(site),
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
