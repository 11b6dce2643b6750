import { and, eq, inArray, sql } from "drizzle-orm";
import { instalmentPlan } from "~/config/instalments";
import { getDb, type Queryable } from "~/server/db/client.server";
import { purchases, subscriptions } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import type { PaymentProvider } from "./provider.server";
import { settlePaymentsJobs } from "./queue.server";

// Payment plans (docs/product.md §8.11): a one-time course paid in monthly payments through a
// subscription that stops by itself after the last one. The subscription row carries the plan
// (instalments, plan_total_cents); each payment is a purchase of the course on that subscription.
// What is paid, what is left and whether it is complete are read from those purchases, so a
// payment recorded twice, late or refunded counts as it stands.

export interface PlanProgress {
  instalments: number;
  totalPence: number;
  /** The plan's payments recorded and not refunded in full. */
  paidCount: number;
  paidPence: number;
  /** What is still to pay (never below nothing). */
  balancePence: number;
  /** Every payment made: the course is hers for life, as if paid in one go. */
  complete: boolean;
}

/** A plan's progress from its terms and what was paid (null for an ordinary subscription). */
export function progressOf(row: { instalments: number | null; planTotalCents: number | null; planPaidCount: number; planPaidCents: number }): PlanProgress | null {
  if (!row.instalments || !row.planTotalCents) return null;
  return {
    instalments: row.instalments,
    totalPence: row.planTotalCents,
    paidCount: row.planPaidCount,
    paidPence: row.planPaidCents,
    balancePence: Math.max(0, row.planTotalCents - row.planPaidCents),
    complete: row.planPaidCount >= row.instalments,
  };
}

type PlanRow = Parameters<typeof progressOf>[0] & { status: string };

/** A payment plan's badge: 'Payment plan' while it runs, 'Paid in full' when done, 'Stopped' with payments left. */
export function planStatusLabel(row: PlanRow): string | null {
  const progress = progressOf(row);
  if (!progress) return null;
  if (progress.complete) return "Paid in full";
  if (row.status === "canceled") return "Stopped";
  return row.status === "active" ? "Payment plan" : null;
}

/** What a page shows of a plan: how far through it she is and what is left. */
export type PlanSummary = Pick<PlanProgress, "instalments" | "paidCount" | "balancePence" | "totalPence" | "complete">;

export function summarisePlan({ instalments, paidCount, balancePence, totalPence, complete }: PlanProgress): PlanSummary {
  return { instalments, paidCount, balancePence, totalPence, complete };
}

/** A subscription row's plan as a page shows it (null: not a plan). */
export function planSummary(row: PlanRow): PlanSummary | null {
  const progress = progressOf(row);
  return progress ? summarisePlan(progress) : null;
}

/** The plans among these subscriptions (by the provider's id), with what has been paid on each. */
export async function planProgressFor(q: Queryable, providerSubscriptionIds: readonly string[]): Promise<Map<string, PlanProgress>> {
  const found = new Map<string, PlanProgress>();
  const ids = [...new Set(providerSubscriptionIds)];
  if (ids.length === 0) return found;
  const plans = await q
    .select({ id: subscriptions.providerSubscriptionId, instalments: subscriptions.instalments, total: subscriptions.planTotalCents })
    .from(subscriptions)
    .where(and(inArray(subscriptions.providerSubscriptionId, ids), sql`${subscriptions.instalments} is not null`));
  if (plans.length === 0) return found;
  const paid = await q
    .select({ id: purchases.subscriptionId, count: sql<number>`count(*)::int`, pence: sql<number>`coalesce(sum(${purchases.amountCents}), 0)::int` })
    .from(purchases)
    .where(and(inArray(purchases.subscriptionId, plans.map((p) => p.id)), inArray(purchases.status, ["paid", "partially_refunded"])))
    .groupBy(purchases.subscriptionId);
  for (const plan of plans) {
    if (!plan.instalments || !plan.total) continue;
    const row = paid.find((p) => p.id === plan.id);
    const progress = progressOf({ instalments: plan.instalments, planTotalCents: plan.total, planPaidCount: row?.count ?? 0, planPaidCents: row?.pence ?? 0 });
    if (progress) found.set(plan.id, progress);
  }
  return found;
}

/** One subscription's plan, or null for an ordinary monthly subscription. */
export async function planProgress(q: Queryable, providerSubscriptionId: string): Promise<PlanProgress | null> {
  return (await planProgressFor(q, [providerSubscriptionId])).get(providerSubscriptionId) ?? null;
}

/**
 * Has the provider stop the plan's subscription after its last payment (Stripe: the subscription
 * schedule). Tried at once after the first payment is recorded; the queued job retries it if the
 * provider cannot be reached. Throws when it could not be done.
 */
export async function scheduleInstalments(provider: PaymentProvider, providerSubscriptionId: string): Promise<void> {
  const [row] = await getDb()
    .select({ provider: subscriptions.provider, instalments: subscriptions.instalments, total: subscriptions.planTotalCents, status: subscriptions.status })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, providerSubscriptionId));
  // Not a plan, another provider's, or ended already: nothing left to schedule.
  if (!row?.instalments || !row.total || row.provider !== provider.name || row.status === "canceled") return;
  await provider.scheduleInstalments(providerSubscriptionId, instalmentPlan(row.total, row.instalments));
}

/** The first try, right after the commit; a failure is left to the queued job. */
export async function scheduleInstalmentsNow(provider: PaymentProvider, providerSubscriptionId: string): Promise<void> {
  try {
    await scheduleInstalments(provider, providerSubscriptionId);
    await settlePaymentsJobs(getDb(), { kind: "schedule-instalments", subscriptionId: providerSubscriptionId });
  } catch (error) {
    logger.warn("payments: a payment plan's end could not be scheduled yet; the job queue retries it", { providerSubscriptionId, error });
  }
}
