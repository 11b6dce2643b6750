// Paying for a course in monthly instalments (docs/product.md §8.11): the plan's amounts, worked
// out once here for the checkout page, the payment providers, receipts and the dashboard alike.

/** The form field and value that choose the plan on a checkout page ('Pay in 3 monthly payments'). */
export const PLAN_FIELD = "plan";
export const PLAN_INSTALMENTS = "instalments";

export interface InstalmentPlan {
  /** How many monthly payments, the first one today. */
  count: number;
  /** The first payment, which carries any odd pence so the later ones are equal. */
  firstPence: number;
  /** Each later payment. */
  laterPence: number;
  /** What the plan adds up to: the course's price, exactly. */
  totalPence: number;
}

/**
 * The price split into `count` monthly payments that add up to it exactly: £300 is 3 × £100;
 * £299 is £99.68 today and then 2 × £99.66.
 */
export function instalmentPlan(totalPence: number, count: number): InstalmentPlan {
  const laterPence = Math.floor(totalPence / count);
  return { count, firstPence: totalPence - laterPence * (count - 1), laterPence, totalPence };
}

/** Whether every payment of the plan is the same amount. */
export function evenPlan(plan: InstalmentPlan): boolean {
  return plan.firstPence === plan.laterPence;
}
