import { z } from "~/validation/zod";

// The Offers tab (docs/product.md §10.10): the coach types a price in pounds and the next cohort's start as a
// date and time in UK time. One module for the browser and the server: the form's field names,
// the parsing (pounds → pence, UK wall-clock time → an instant) and every message.

export const UK_TIME_ZONE = "Europe/London";

/** The bounds the coach may set from the dashboard (docs/product.md §14.1 prices sit well inside them). */
export const PRICE_MIN_PENCE = 100;
export const PRICE_MAX_PENCE = 1_000_000;

/** A start further away than this is almost certainly a typing slip (2207 for 2027). */
export const COHORT_MAX_YEARS_AHEAD = 5;

export const OFFERS_INTENTS = { update: "update-offers", reset: "reset-offer" } as const;

/** The form field of a product's price: `price:<productKey>`. */
export const priceField = (productKey: string) => `price:${productKey}`;
export const COHORT_DATE_FIELD = "nextCohortDate";
/** The reset form's field: `price:<productKey>` or `nextCohortDate`. */
export const RESET_TARGET_FIELD = "target";

export const OFFERS_MESSAGES = {
  priceRequired: "Enter a price in pounds, for example 300 or 299.99.",
  priceFormat: "Enter the price in pounds using numbers only, for example 300 or 299.99.",
  pricePence: "A price can have at most two decimal places (whole pence).",
  priceTooLow: "The price must be at least £1.",
  priceTooHigh: "The price must be no more than £10,000.",
  dateRequired: "Enter the date and time the next cohort starts.",
  dateInvalid: "Enter a real date and time for the next cohort, for example 11 January 2027, 09:00.",
  dateGap: "That time does not exist in the UK: the clocks go forward an hour then. Please choose another time.",
  datePast: "The next cohort must start in the future.",
  dateTooFar: `The next cohort must start within the next ${COHORT_MAX_YEARS_AHEAD} years.`,
  unknownTarget: "There is nothing to reset there. Please reload the page and try again.",
  unknownIntent: "Unknown action. Please reload the page and try again.",
} as const;

// ─── Pounds ─────────────────────────────────────────────────────────────────────────────────────

/** "300", "299.99", "£1,250.5" → pence; anything else is refused with the message to show. */
export const PoundsSchema = z
  .string({ error: OFFERS_MESSAGES.priceRequired })
  .trim()
  .min(1, OFFERS_MESSAGES.priceRequired)
  .transform((value, ctx) => {
    // A pound sign and thousands separators are what people type; both are harmless.
    const cleaned = value
      .replace(/^£\s*/, "")
      .replace(/,(?=\d{3}(?:\D|$))/g, "")
      .trim();
    const fail = (message: string) => {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    };
    if (/^-\s*\d/.test(cleaned)) return fail(OFFERS_MESSAGES.priceTooLow);
    if (/^\d+\.\d{3,}$/.test(cleaned)) return fail(OFFERS_MESSAGES.pricePence);
    const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
    if (!match) return fail(/^\d{13,}(\.\d*)?$/.test(cleaned) ? OFFERS_MESSAGES.priceTooHigh : OFFERS_MESSAGES.priceFormat);
    const pence = Number(match[1] || "0") * 100 + Number((match[2] ?? "").padEnd(2, "0"));
    if (pence < PRICE_MIN_PENCE) return fail(OFFERS_MESSAGES.priceTooLow);
    if (pence > PRICE_MAX_PENCE) return fail(OFFERS_MESSAGES.priceTooHigh);
    return pence;
  });

/** 27500 → "275"; 29999 → "299.99": what the price field shows. */
export function penceToPoundsInput(pence: number): string {
  return pence % 100 === 0 ? String(pence / 100) : (pence / 100).toFixed(2);
}

// ─── UK wall-clock time ─────────────────────────────────────────────────────────────────────────

const londonFormatter = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** An instant as a `datetime-local` value in UK time: "2027-01-11T09:00". */
export function toUkDateTimeInput(instant: Date | string): string {
  const parts = Object.fromEntries(
    londonFormatter.formatToParts(new Date(instant)).map((part) => [part.type, part.value]),
  ) as Record<string, string>;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/**
 * A `datetime-local` value read as UK time ("2027-06-01T09:00" is 08:00 UTC in summer), or
 * "invalid" for something that is not a calendar date and time, or "gap" for a time the clocks
 * skip when they go forward. An hour that happens twice (the clocks going back) is its first.
 */
export function fromUkDateTimeInput(value: string): Date | "invalid" | "gap" {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/.exec(value.trim());
  if (!match) return "invalid";
  const [year, month, day, hour, minute] = match.slice(1, 6).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(wall);
  if (
    year < 1970 ||
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    hour > 23 ||
    minute > 59
  ) {
    return "invalid";
  }
  const wanted = `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}`;
  // UK time is UTC or UTC+1: try the offset at the wall time read as UTC, then at the result.
  const offsetAt = (instant: number) => Date.parse(`${toUkDateTimeInput(new Date(instant))}:00Z`) - instant;
  let candidate = wall - offsetAt(wall);
  if (toUkDateTimeInput(new Date(candidate)) !== wanted) candidate = wall - offsetAt(candidate);
  if (toUkDateTimeInput(new Date(candidate)) !== wanted) return "gap";
  // The earlier of two readings when the clocks go back (01:30 happens twice).
  const earlier = candidate - 3_600_000;
  if (toUkDateTimeInput(new Date(earlier)) === wanted) candidate = earlier;
  return new Date(candidate);
}

/** The next cohort's start typed as UK time → an ISO instant (UTC), or the message to show. */
export const CohortDateSchema = z
  .string({ error: OFFERS_MESSAGES.dateRequired })
  .trim()
  .min(1, OFFERS_MESSAGES.dateRequired)
  .transform((value, ctx) => {
    const parsed = fromUkDateTimeInput(value);
    if (parsed === "invalid" || parsed === "gap") {
      ctx.addIssue({ code: "custom", message: parsed === "gap" ? OFFERS_MESSAGES.dateGap : OFFERS_MESSAGES.dateInvalid });
      return z.NEVER;
    }
    return parsed.toISOString();
  });

/**
 * A new start (one that differs from the current one) must be in the future and not absurdly far
 * off; keeping the current start is always allowed, even once it has passed.
 */
export function cohortDateProblem(iso: string, { current, now = Date.now() }: { current: string; now?: number }): string | null {
  const at = Date.parse(iso);
  if (at === Date.parse(current)) return null;
  if (at <= now) return OFFERS_MESSAGES.datePast;
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + COHORT_MAX_YEARS_AHEAD);
  if (at > limit.getTime()) return OFFERS_MESSAGES.dateTooFar;
  return null;
}

// ─── The forms ──────────────────────────────────────────────────────────────────────────────────

/** The 'Save changes' form: one price per product and the cohort's start. */
export function offersUpdateSchema(productKeys: readonly string[]) {
  return z.object({
    ...Object.fromEntries(productKeys.map((key) => [priceField(key), PoundsSchema])),
    [COHORT_DATE_FIELD]: CohortDateSchema,
  }) as z.ZodType<Record<string, number | string>, Record<string, string>>;
}

export type OffersFieldErrors = Record<string, string>;

export type OffersUpdateParse =
  | { ok: true; prices: Record<string, number>; nextCohortDate: string }
  | { ok: false; errors: OffersFieldErrors };

/** Parses the posted form: each product's price in pence and the start as an ISO instant. */
export function parseOffersUpdate(
  input: Record<string, unknown>,
  { productKeys, currentCohortDate, now }: { productKeys: readonly string[]; currentCohortDate: string; now?: number },
): OffersUpdateParse {
  const parsed = offersUpdateSchema(productKeys).safeParse(input);
  const errors: OffersFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      errors[field] ??= issue.message;
    }
  }
  // The start's own check runs even when a price is wrong, so every message shows at once.
  const date = CohortDateSchema.safeParse(input[COHORT_DATE_FIELD]);
  const dateValue = date.success ? date.data : undefined;
  if (dateValue !== undefined && !errors[COHORT_DATE_FIELD]) {
    const problem = cohortDateProblem(dateValue, { current: currentCohortDate, now });
    if (problem) errors[COHORT_DATE_FIELD] = problem;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { ok: false, errors };
  const prices = Object.fromEntries(productKeys.map((key) => [key, parsed.data[priceField(key)] as number]));
  return { ok: true, prices, nextCohortDate: parsed.data[COHORT_DATE_FIELD] as string };
}

/** What the reset button names: one product's price, or the cohort's start. */
export type OffersResetTarget = { kind: "price"; productKey: string } | { kind: "nextCohortDate" };

export function parseResetTarget(value: unknown, productKeys: readonly string[]): OffersResetTarget | null {
  if (value === COHORT_DATE_FIELD) return { kind: "nextCohortDate" };
  if (typeof value === "string" && value.startsWith("price:")) {
    const productKey = value.slice("price:".length);
    if (productKeys.includes(productKey)) return { kind: "price", productKey };
  }
  return null;
}
