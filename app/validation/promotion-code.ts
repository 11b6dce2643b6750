// What the checkout pages need to know about promotion codes in the browser (docs/product.md §8.9):
// the field's name and length, and the shape of an applied code's price. Kept apart from the
// rules in ./promotions.ts (which use Zod), and imported by the checkout pages alone, so their
// script carries no validation library and no chunk shared with the dashboard.

/** The checkout page's field (and the address's `?code=`). */
export const PROMOTION_CODE_FIELD = "code";
/** How much of what she types is read: room for a code (at most 30 characters) and stray spaces. */
export const PROMOTION_CODE_INPUT_MAX = 40;

export type PromotionDurationChoice = "once" | "repeating" | "forever";

/** What an applied code does to an offer's price (the checkout page shows it before she pays). */
export interface PromotionPricing {
  code: string;
  /** The offer's price, and what the code takes off its first payment (pence). */
  listPence: number;
  discountPence: number;
  firstPaymentPence: number;
  /** For a monthly offer: the first payment only, N monthly payments, or every one. */
  duration: PromotionDurationChoice;
  durationMonths: number | null;
}
