import { and, desc, eq, gt, or, sql } from "drizzle-orm";
import type { Product } from "~/config/catalogue";
import { getDb, type Queryable } from "~/server/db/client.server";
import { promotions, promotionUses, purchases, type Promotion } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { isWellFormedCode, normaliseCode, PROMOTION_REFUSALS, type PromotionPricing } from "~/validation/promotions";
import type { PaymentProvider, PromotionTerms, ProviderPromotion } from "./provider.server";

// Promotion codes (docs/product.md §8.9). The site decides whether a code applies to a checkout
// (it exists, is on, has not expired, is for this offer, has a use left) and what it takes off;
// the provider is then handed the discount: the test checkout charges the reduced amount, Stripe
// gets the code as a Stripe promotion code on a coupon, created here on first use.
//
// Uses and the limit: starting a checkout with a code reserves a use (a promotion_uses row) under
// a lock on the promotion's row, counting the uses paid and those reserved by sessions still open.
// The use becomes 'used' when the session is paid and is released when it expires unpaid, so the
// limit counts purchases, and parallel checkouts can never take more than it (decision 275).

/** Why a code does not apply. */
export type PromotionRefusal = "unknown" | "off" | "expired" | "not_for_offer" | "used_up";

export type { PromotionPricing };

export type PromotionCheck =
  | { ok: true; promotion: Promotion; pricing: PromotionPricing }
  | { ok: false; reason: PromotionRefusal; message: string };

/**
 * A checkout session started with a code and a limit stays open this long (Stripe allows 30
 * minutes to 24 hours): its reservation holds one of the code's uses until it is paid or expires.
 */
export const LIMITED_CODE_SESSION_MS = 60 * 60_000;

/** What a code takes off a price: a percentage rounded to the penny (as Stripe does), or an amount up to the price. */
export function discountOn(promotion: Pick<Promotion, "percentOff" | "amountOffPence">, pricePence: number): number {
  if (promotion.percentOff !== null) return Math.round((pricePence * promotion.percentOff) / 100);
  return Math.min(promotion.amountOffPence ?? 0, pricePence);
}

export function refusalMessage(reason: PromotionRefusal, product: Pick<Product, "name">): string {
  switch (reason) {
    case "unknown":
      return PROMOTION_REFUSALS.unknown;
    case "off":
      return PROMOTION_REFUSALS.off;
    case "expired":
      return PROMOTION_REFUSALS.expired;
    case "used_up":
      return PROMOTION_REFUSALS.usedUp;
    case "not_for_offer":
      return PROMOTION_REFUSALS.notForOffer(product.name);
  }
}

export async function findPromotionByCode(q: Queryable, code: string): Promise<Promotion | null> {
  const [row] = await q.select().from(promotions).where(eq(promotions.code, code));
  return row ?? null;
}

/**
 * The uses a promotion has: paid, plus reserved by checkout sessions still open at `now` (except
 * those of `exceptReservedBy`: her own open checkout is hers to go back to, or is replaced).
 */
export async function usesHeld(q: Queryable, promotionId: string, now: Date, exceptReservedBy?: string): Promise<number> {
  const reserved = and(eq(promotionUses.status, "reserved"), gt(promotionUses.expiresAt, now));
  const [row] = await q
    .select({ n: sql<number>`count(*)::int` })
    .from(promotionUses)
    .where(
      and(
        eq(promotionUses.promotionId, promotionId),
        or(
          eq(promotionUses.status, "used"),
          exceptReservedBy ? and(reserved, sql`${promotionUses.userId} is distinct from ${exceptReservedBy}`) : reserved,
        ),
      ),
    );
  return row?.n ?? 0;
}

function refusalOf(promotion: Promotion, product: Product, now: Date): PromotionRefusal | null {
  if (!promotion.active) return "off";
  if (promotion.expiresAt && promotion.expiresAt.getTime() <= now.getTime()) return "expired";
  if (!promotion.productKeys.includes(product.productKey)) return "not_for_offer";
  return null;
}

export function pricingOf(promotion: Promotion, product: Product): PromotionPricing {
  const discountPence = discountOn(promotion, product.pricePence);
  return {
    code: promotion.code,
    listPence: product.pricePence,
    discountPence,
    firstPaymentPence: product.pricePence - discountPence,
    duration: promotion.duration,
    durationMonths: promotion.durationMonths,
  };
}

/**
 * Whether a code she typed applies to this offer now, and what it takes off; the refusal's words
 * if not. `userId`: the member asking, whose own open checkout with the code does not count
 * against its limit here (reservePromotionUse, under the code's lock, has the last word).
 */
export async function checkPromotion(typed: string, product: Product, userId?: string | null, now = new Date(), q: Queryable = getDb()): Promise<PromotionCheck> {
  const refuse = (reason: PromotionRefusal): PromotionCheck => ({ ok: false, reason, message: refusalMessage(reason, product) });
  const code = normaliseCode(typed);
  if (!isWellFormedCode(code)) return refuse("unknown");
  const promotion = await findPromotionByCode(q, code);
  if (!promotion) return refuse("unknown");
  const refusal = refusalOf(promotion, product, now);
  if (refusal) return refuse(refusal);
  if (promotion.maxUses !== null && (await usesHeld(q, promotion.id, now, userId ?? undefined)) >= promotion.maxUses) return refuse("used_up");
  return { ok: true, promotion, pricing: pricingOf(promotion, product) };
}

/**
 * Reserves one use of the promotion for a checkout about to start, under a lock on its row, so two
 * checkouts at once cannot both take its last use. Returns the reservation's id, or why not.
 */
export async function reservePromotionUse(
  promotionId: string,
  product: Product,
  userId: string,
  expiresAt: Date,
  now = new Date(),
): Promise<{ ok: true; useId: string } | { ok: false; reason: PromotionRefusal }> {
  return getDb().transaction(async (tx) => {
    const [promotion] = await tx.select().from(promotions).where(eq(promotions.id, promotionId)).for("update");
    if (!promotion) return { ok: false, reason: "unknown" };
    const refusal = refusalOf(promotion, product, now);
    if (refusal) return { ok: false, reason: refusal };
    if (promotion.maxUses !== null && (await usesHeld(tx, promotion.id, now)) >= promotion.maxUses) return { ok: false, reason: "used_up" };
    const [use] = await tx.insert(promotionUses).values({ promotionId, userId, expiresAt, createdAt: now }).returning({ id: promotionUses.id });
    return { ok: true, useId: use!.id };
  });
}

/** The provider created the session: the reservation holds until it is paid or expires. */
export async function attachUseToSession(useId: string, sessionId: string, expiresAt: Date) {
  await getDb().update(promotionUses).set({ checkoutSessionId: sessionId, expiresAt }).where(eq(promotionUses.id, useId));
}

/** The session could not be created: the reserved use is given back at once. */
export async function dropUse(useId: string) {
  await getDb().delete(promotionUses).where(and(eq(promotionUses.id, useId), eq(promotionUses.status, "reserved")));
}

/** A session closed: its reserved use is used (paid) or released (expired). */
export async function settlePromotionUse(q: Queryable, sessionId: string, outcome: "used" | "released") {
  await q
    .update(promotionUses)
    .set({ status: outcome })
    .where(and(eq(promotionUses.checkoutSessionId, sessionId), eq(promotionUses.status, "reserved")));
}

export function promotionTerms(promotion: Promotion, currency: string): PromotionTerms {
  return {
    id: promotion.id,
    code: promotion.code,
    percentOff: promotion.percentOff,
    amountOffPence: promotion.amountOffPence,
    currency,
    duration: promotion.duration,
    durationMonths: promotion.durationMonths,
    maxUses: promotion.maxUses,
    expiresAt: promotion.expiresAt,
  };
}

/**
 * The promotion at the provider (Stripe's coupon and promotion code), created on its first
 * checkout there and remembered; null for the test checkout, which needs nothing.
 */
export async function promotionAtProvider(provider: PaymentProvider, promotion: Promotion, currency: string): Promise<ProviderPromotion | null> {
  if (provider.name !== "stripe") return null;
  if (promotion.stripeCouponId) return { couponId: promotion.stripeCouponId, promotionCodeId: promotion.stripePromotionCodeId };
  const created = await provider.ensurePromotion(promotionTerms(promotion, currency));
  if (!created) return null;
  await getDb()
    .update(promotions)
    .set({ stripeCouponId: created.couponId, stripePromotionCodeId: created.promotionCodeId })
    .where(eq(promotions.id, promotion.id));
  logger.info("payments: promotion created at Stripe", { code: promotion.code, couponId: created.couponId, promotionCodeId: created.promotionCodeId });
  return created;
}

// ─── The Promotions tab ─────────────────────────────────────────────────────────────────────────

export interface PromotionListItem {
  id: string;
  code: string;
  percentOff: number | null;
  amountOffPence: number | null;
  productKeys: string[];
  expiresAt: Date | null;
  maxUses: number | null;
  duration: Promotion["duration"];
  durationMonths: number | null;
  active: boolean;
  createdAt: Date;
  /** Purchases that used it (renewals at a discount not counted twice: one per checkout). */
  uses: number;
  /** What those payments brought in, refunds taken off (pence). */
  revenuePence: number;
}

/** Every promotion, newest first, with its uses and revenue. */
export async function listPromotions(q: Queryable = getDb()): Promise<PromotionListItem[]> {
  // NOTE: the outer row's columns are named in full: Drizzle writes a column of the only table in
  // the FROM without its table, which inside these subqueries would name the subquery's own.
  const usedCount = sql<number>`(select count(*)::int from ${promotionUses} u where u.promotion_id = "promotions"."id" and u.status = 'used')`;
  const revenue = sql<number>`(select coalesce(sum(p.amount_cents - p.refunded_amount_cents), 0)::int from ${purchases} p where p.promotion_code = "promotions"."code"::text)`;
  const rows = await q
    .select({
      id: promotions.id,
      code: promotions.code,
      percentOff: promotions.percentOff,
      amountOffPence: promotions.amountOffPence,
      productKeys: promotions.productKeys,
      expiresAt: promotions.expiresAt,
      maxUses: promotions.maxUses,
      duration: promotions.duration,
      durationMonths: promotions.durationMonths,
      active: promotions.active,
      createdAt: promotions.createdAt,
      uses: usedCount,
      revenuePence: revenue,
    })
    .from(promotions)
    .orderBy(desc(promotions.createdAt));
  return rows;
}
