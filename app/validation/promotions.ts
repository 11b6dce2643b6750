import { z } from "~/validation/zod";
import { fromUkDateTimeInput, PoundsSchema } from "~/validation/offers";
import type { PromotionDurationChoice } from "~/validation/promotion-code";

// Promotion codes (docs/product.md §8.9): the Promotions tab's 'New promotion' form and the rules
// of a code. One module for the browser (the dashboard) and the server: the field names, the rules
// and every message. What the checkout pages need is in ./promotion-code.ts (no Zod there).

export type { PromotionDurationChoice, PromotionPricing } from "~/validation/promotion-code";

export const PROMOTION_CODE_MIN = 3;
export const PROMOTION_CODE_MAX = 30;

/** A limit above this is a typing slip, not a launch. */
export const PROMOTION_MAX_USES = 100_000;
export const PROMOTION_MAX_MONTHS = 36;

export const PROMOTIONS_INTENTS = { create: "create-promotion", turnOff: "turn-off-promotion" } as const;


export const PROMOTION_FIELDS = {
  code: "code",
  percentOff: "percentOff",
  amountOff: "amountOff",
  appliesTo: "appliesTo",
  expires: "expires",
  limit: "limit",
  duration: "duration",
  durationMonths: "durationMonths",
} as const;

export const PROMOTION_DURATIONS = ["once", "repeating", "forever"] as const satisfies readonly PromotionDurationChoice[];

export const PROMOTIONS_MESSAGES = {
  codeRequired: "Enter a code, for example SPRING10.",
  codeFormat: `A code is ${PROMOTION_CODE_MIN} to ${PROMOTION_CODE_MAX} letters and digits, with no spaces or symbols.`,
  codeTaken: "There is already a promotion with that code. Codes must be unique (capitals and small letters count as the same).",
  discountMissing: "Fill in 'Percent off' or 'Amount off'.",
  discountBoth: "Fill in 'Percent off' or 'Amount off', not both.",
  percentRange: "Percent off must be a whole number from 1 to 100.",
  amountFormat: "Enter the amount off in pounds, for example 30 or 29.99.",
  appliesToRequired: "Choose at least one offer the code applies to.",
  appliesToUnknown: "That offer is not one of the site's. Please reload the page and try again.",
  expiresInvalid: "Enter a real date, for example 31 March 2027.",
  expiresPast: "The expiry date must be today or later.",
  limitRange: `The limit must be a whole number from 1 to ${PROMOTION_MAX_USES.toLocaleString("en-GB")}, or empty for no limit.`,
  durationInvalid: "Choose how long the discount lasts on a monthly offer.",
  monthsRange: `The number of months must be a whole number from 1 to ${PROMOTION_MAX_MONTHS}.`,
  amountTooLarge: (offer: string) => `The amount off is more than the price of ${offer}.`,
  unknownPromotion: "That promotion no longer exists. Please reload the page.",
} as const;

/** What a visitor's code turned out to be, when it does not apply (the full price stands). */
export const PROMOTION_REFUSALS = {
  unknown: "We don't recognise that code. Please check it and try again; the full price applies for now.",
  expired: "That code has expired, so the full price applies.",
  off: "That code is no longer available, so the full price applies.",
  usedUp: "That code has been used as many times as it allows, so the full price applies.",
  notForOffer: (offer: string) => `That code isn't for ${offer}, so the full price applies.`,
} as const;

/** A code as stored and compared: trimmed and in capitals (codes are case-insensitive). */
export function normaliseCode(value: string): string {
  return value.trim().toUpperCase();
}

export function isWellFormedCode(code: string): boolean {
  return new RegExp(`^[A-Z0-9]{${PROMOTION_CODE_MIN},${PROMOTION_CODE_MAX}}$`).test(code);
}

/** "2027-03-31" (a date input) → the last moment of that day in the UK; "invalid" otherwise. */
export function endOfUkDay(value: string): Date | "invalid" {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return "invalid";
  const lastMinute = fromUkDateTimeInput(`${value}T23:59`);
  if (!(lastMinute instanceof Date)) return "invalid";
  return new Date(lastMinute.getTime() + 59_999);
}

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .transform((value, ctx) => {
      if (value === "") return null;
      if (!/^\d{1,9}$/.test(value) || Number(value) < min || Number(value) > max) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return Number(value);
    });

export interface NewPromotionInput {
  code: string;
  percentOff: number | null;
  amountOffPence: number | null;
  productKeys: string[];
  expiresAt: Date | null;
  maxUses: number | null;
  duration: PromotionDurationChoice;
  durationMonths: number | null;
}

/**
 * The 'New promotion' form's schema. `productKeys` are the catalogue's offers; `now` decides what
 * counts as a past expiry date. Prices are checked against the code by the server (an amount off
 * larger than a price it applies to is refused).
 */
export function newPromotionSchema(productKeys: readonly string[], now: Date) {
  return z
    .object({
      [PROMOTION_FIELDS.code]: z
        .string({ error: PROMOTIONS_MESSAGES.codeRequired })
        .transform(normaliseCode)
        .refine((code) => code.length > 0, PROMOTIONS_MESSAGES.codeRequired)
        .refine(isWellFormedCode, PROMOTIONS_MESSAGES.codeFormat),
      [PROMOTION_FIELDS.percentOff]: wholeNumber(PROMOTIONS_MESSAGES.percentRange, 1, 100).default(null),
      [PROMOTION_FIELDS.amountOff]: z
        .string()
        .trim()
        .default("")
        .transform((value, ctx) => {
          if (value === "") return null;
          const pounds = PoundsSchema.safeParse(value);
          if (!pounds.success || pounds.data <= 0) {
            ctx.addIssue({ code: "custom", message: PROMOTIONS_MESSAGES.amountFormat });
            return z.NEVER;
          }
          return pounds.data;
        }),
      [PROMOTION_FIELDS.appliesTo]: z
        .array(z.string())
        .min(1, PROMOTIONS_MESSAGES.appliesToRequired)
        .refine((keys) => keys.every((key) => productKeys.includes(key)), PROMOTIONS_MESSAGES.appliesToUnknown),
      [PROMOTION_FIELDS.expires]: z
        .string()
        .trim()
        .default("")
        .transform((value, ctx) => {
          if (value === "") return null;
          const end = endOfUkDay(value);
          if (end === "invalid") {
            ctx.addIssue({ code: "custom", message: PROMOTIONS_MESSAGES.expiresInvalid });
            return z.NEVER;
          }
          if (end.getTime() < now.getTime()) {
            ctx.addIssue({ code: "custom", message: PROMOTIONS_MESSAGES.expiresPast });
            return z.NEVER;
          }
          return end;
        }),
      [PROMOTION_FIELDS.limit]: wholeNumber(PROMOTIONS_MESSAGES.limitRange, 1, PROMOTION_MAX_USES).default(null),
      [PROMOTION_FIELDS.duration]: z.enum(PROMOTION_DURATIONS, { error: PROMOTIONS_MESSAGES.durationInvalid }).default("once"),
      [PROMOTION_FIELDS.durationMonths]: wholeNumber(PROMOTIONS_MESSAGES.monthsRange, 1, PROMOTION_MAX_MONTHS).default(null),
    })
    .superRefine((form, ctx) => {
      const percent = form[PROMOTION_FIELDS.percentOff];
      const amount = form[PROMOTION_FIELDS.amountOff];
      if (percent === null && amount === null) {
        ctx.addIssue({ code: "custom", path: [PROMOTION_FIELDS.percentOff], message: PROMOTIONS_MESSAGES.discountMissing });
      } else if (percent !== null && amount !== null) {
        ctx.addIssue({ code: "custom", path: [PROMOTION_FIELDS.amountOff], message: PROMOTIONS_MESSAGES.discountBoth });
      }
      if (form[PROMOTION_FIELDS.duration] === "repeating" && form[PROMOTION_FIELDS.durationMonths] === null) {
        ctx.addIssue({ code: "custom", path: [PROMOTION_FIELDS.durationMonths], message: PROMOTIONS_MESSAGES.monthsRange });
      }
    })
    .transform(
      (form): NewPromotionInput => ({
        code: form[PROMOTION_FIELDS.code],
        percentOff: form[PROMOTION_FIELDS.percentOff],
        amountOffPence: form[PROMOTION_FIELDS.amountOff],
        productKeys: [...new Set(form[PROMOTION_FIELDS.appliesTo])],
        expiresAt: form[PROMOTION_FIELDS.expires],
        maxUses: form[PROMOTION_FIELDS.limit],
        duration: form[PROMOTION_FIELDS.duration],
        durationMonths: form[PROMOTION_FIELDS.duration] === "repeating" ? form[PROMOTION_FIELDS.durationMonths] : null,
      }),
    );
}
