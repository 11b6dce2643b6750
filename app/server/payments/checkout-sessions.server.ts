import { and, eq } from "drizzle-orm";
import type { Product } from "~/config/catalogue";
import { instalmentPlan } from "~/config/instalments";
import { getDb, type Queryable } from "~/server/db/client.server";
import { checkoutSessions, type CheckoutSessionRow, type PaymentProviderName } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { findEffectiveProduct } from "./catalogue.server";
import type { CheckoutSessionInfo, PaymentProvider } from "./provider.server";
import { settlePromotionUse } from "./promotions.server";

// The checkout sessions the site started at the provider (table checkout_sessions), so that a
// member has at most one open session per offer (docs/security.md "Payments"):
// - a second tab, a double click or a log-in that starts the payment again is sent to the session
//   already open, which can be paid once, rather than to a second one that could be paid too;
// - a session whose price no longer matches the catalogue (the coach changed it on the Offers tab)
//   is expired at the provider, so it cannot be paid at the old price (decision 186).
// The partial unique index on (user_id, product_key) where status = 'open' makes two starts at the
// same moment end with one open session: the second to record its session expires it again.

/** A session with less time than this left is not handed out again: she may take a while to pay. */
export const REUSE_MIN_REMAINING_MS = 30 * 60_000;

/** Her open session for the offer, if the site has one. */
export async function findOpenSession(userId: string, productKey: string): Promise<CheckoutSessionRow | null> {
  const [row] = await getDb()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.userId, userId), eq(checkoutSessions.productKey, productKey), eq(checkoutSessions.status, "open")));
  return row ?? null;
}

/**
 * Marks one of the site's sessions closed (paid, or expired), if it was still open; a promotion
 * use it reserved becomes used, or is given back (payments/promotions.server.ts).
 */
export async function markSessionClosed(q: Queryable, id: string, status: "complete" | "expired", at: Date = new Date()) {
  await q
    .update(checkoutSessions)
    .set({ status, closedAt: at, url: null })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, "open")));
  await settlePromotionUse(q, id, status === "complete" ? "used" : "released");
}

/** The promotion a checkout asks for: its code and what it takes off the first payment (none: null). */
export interface SessionDiscount {
  code: string;
  discountPence: number;
}

export interface NewOpenSession {
  id: string;
  provider: PaymentProviderName;
  userId: string;
  product: Product;
  url: string;
  expiresAt: Date | null;
  discount: SessionDiscount | null;
  /** A payment plan's number of payments (the session takes the first); null to pay in one go. */
  instalments?: number | null;
}

/**
 * Records a session just created at the provider as her open one for the offer. Returns null when
 * it is recorded, or the open session another request recorded first (two tabs at once).
 */
export async function recordOpenSession(session: NewOpenSession): Promise<CheckoutSessionRow | null> {
  const inserted = await getDb()
    .insert(checkoutSessions)
    .values({
      id: session.id,
      provider: session.provider,
      userId: session.userId,
      productKey: session.product.productKey,
      amountCents: firstPayment(session.product, session.instalments ?? null) - (session.discount?.discountPence ?? 0),
      instalments: session.instalments ?? null,
      currency: session.product.currency,
      promotionCode: session.discount?.code ?? null,
      discountCents: session.discount?.discountPence ?? 0,
      url: session.url,
      status: "open",
      // Stripe's default lifetime when the provider does not say.
      expiresAt: session.expiresAt ?? new Date(Date.now() + 24 * 3_600_000),
    })
    .onConflictDoNothing()
    .returning({ id: checkoutSessions.id });
  if (inserted.length > 0) return null;
  return findOpenSession(session.userId, session.product.productKey);
}

/** What a checkout's payment is: the price, or a payment plan's first payment. */
function firstPayment(product: Product, instalments: number | null): number {
  return instalments ? instalmentPlan(product.pricePence, instalments).firstPence : product.pricePence;
}

/** Whether a session was opened at the offer's price as it stands (before any promotion's discount). */
function atCurrentPrice(row: CheckoutSessionRow, product: Product): boolean {
  return row.amountCents + row.discountCents === firstPayment(product, row.instalments) && row.currency === product.currency;
}

/**
 * Whether a recorded session may still be handed out for this product as it is priced now, with
 * the promotion she asks for now (or none).
 */
export function sessionMatches(
  row: CheckoutSessionRow,
  provider: PaymentProviderName,
  product: Product,
  discount: SessionDiscount | null = null,
  instalments: number | null = null,
  now = Date.now(),
): boolean {
  return (
    row.provider === provider &&
    // Paying in one go and a payment plan are different sessions: the one she chose now is the one.
    row.instalments === instalments &&
    atCurrentPrice(row, product) &&
    row.promotionCode === (discount?.code ?? null) &&
    row.discountCents === (discount?.discountPence ?? 0) &&
    row.expiresAt.getTime() - now >= REUSE_MIN_REMAINING_MS
  );
}

/**
 * Expires one of the site's sessions at the provider and closes it here. Returns how it stands at
 * the provider now (complete if she paid it first). Throws if the provider cannot be reached.
 */
export async function expireSession(provider: PaymentProvider, row: Pick<CheckoutSessionRow, "id" | "provider">): Promise<CheckoutSessionInfo | null> {
  // A session of the other provider (the site changed providers): nothing to call.
  if (row.provider !== provider.name) {
    await markSessionClosed(getDb(), row.id, "expired");
    return null;
  }
  const info = await provider.expireCheckoutSession(row.id);
  if (!info || info.status !== "open") await markSessionClosed(getDb(), row.id, info?.status === "complete" ? "complete" : "expired");
  return info;
}

export type OpenSessionOutcome =
  /** Her open session for the offer, at today's price: send her there. */
  | { kind: "reuse"; url: string }
  /** She paid her open session for this offer a moment ago (its webhook is on its way). */
  | { kind: "paid" }
  /** Nothing to reuse (none, expired, or at an old price and now expired): start a new one. */
  | { kind: "none" };

/** What to do with her open session for the product, if any, before starting a checkout. */
export async function settleOpenSession(
  provider: PaymentProvider,
  userId: string,
  product: Product,
  discount: SessionDiscount | null = null,
  instalments: number | null = null,
): Promise<OpenSessionOutcome> {
  const row = await findOpenSession(userId, product.productKey);
  if (!row) return { kind: "none" };
  if (!sessionMatches(row, provider.name, product, discount, instalments)) {
    // An old price, another provider, another code, or about to run out: it must not be paid any more.
    const info = await expireSession(provider, row);
    if (info?.status === "complete" && info.paid) return { kind: "paid" };
    return { kind: "none" };
  }
  const info = await provider.retrieveCheckoutSession(row.id);
  if (info?.status === "open" && info.url) return { kind: "reuse", url: info.url };
  // Closed at the provider meanwhile: paid (the webhook has not arrived yet) or expired.
  await markSessionClosed(getDb(), row.id, info?.status === "complete" ? "complete" : "expired");
  if (info?.status === "complete" && info.paid) return { kind: "paid" };
  return { kind: "none" };
}

/**
 * After a promotion is turned off: its open sessions are expired, so none can be paid with it
 * any more. Returns how many could not be reached (logged; the reservation runs out with them).
 */
export async function expireSessionsWithCode(provider: PaymentProvider, code: string): Promise<number> {
  const open = await getDb()
    .select()
    .from(checkoutSessions)
    .where(and(eq(checkoutSessions.status, "open"), eq(checkoutSessions.promotionCode, code)));
  let failed = 0;
  for (const row of open) {
    try {
      await expireSession(provider, row);
    } catch (error) {
      failed += 1;
      logger.error("payments: could not expire a checkout session with a promotion turned off", { sessionId: row.id, error });
    }
  }
  return failed;
}

/**
 * After a price change: expires every open session whose price no longer matches the catalogue,
 * at the provider and here, so none of them can be paid at the old price (decision 186). A
 * session the provider cannot be reached for stays open and is counted as failed (the caller
 * queues a retry); one she paid a moment ago is left to its completion.
 */
export async function expireSessionsAtOldPrices(provider: PaymentProvider): Promise<{ expired: number; failed: number }> {
  const open = await getDb().select().from(checkoutSessions).where(eq(checkoutSessions.status, "open"));
  let expired = 0;
  let failed = 0;
  for (const row of open) {
    const product = await findEffectiveProduct(row.productKey);
    if (product && row.provider === provider.name && atCurrentPrice(row, product)) continue;
    try {
      const info = await expireSession(provider, row);
      if (!info || info.status === "expired") expired += 1;
    } catch (error) {
      failed += 1;
      logger.error("payments: could not expire a checkout session at an old price", { sessionId: row.id, error });
    }
  }
  if (expired > 0 || failed > 0) logger.info("payments: checkout sessions at an old price expired", { expired, failed });
  return { expired, failed };
}
