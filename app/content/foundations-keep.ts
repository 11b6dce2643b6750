// Build Stronger Foundations: what she keeps and what the monthly subscription pays for
// (docs/product.md §5.5, docs/decisions/255-foundations-materials-kept-after-cancelling.md). One
// wording for the sales page, the checkout, /payment-success, the receipt, the cancellation email
// and the members' area, so the promise is made once and kept everywhere. Its feature line is the
// catalogue's own (FOUNDATIONS_KEEP_FEATURE in app/config/catalogue.ts).

/** The plain statement of what is hers for good and what ends when she cancels. */
export const FOUNDATIONS_KEEP_NOTE =
  "The lessons and worksheets published while you're a member are yours to keep, even after you cancel. Your monthly subscription pays for the private community, its check-ins and new lessons as they're published: those end when your subscription does.";

/** The members' area, once her subscription has ended (the date as formatLongDate writes it). */
export function foundationsKeptNote(endedOn: string): string {
  return `Your membership ended on ${endedOn}. The lessons and worksheets published while you were a member are still here for you; the private community, the check-ins and new lessons come with a membership.`;
}
