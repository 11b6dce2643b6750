import { and, eq } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { adminActivityLog, promotions } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { effectiveCatalogue } from "~/server/payments/catalogue.server";
import { expireSessionsWithCode } from "~/server/payments/checkout-sessions.server";
import { listPromotions, promotionAtProvider, type PromotionListItem } from "~/server/payments/promotions.server";
import { getPaymentProvider } from "~/server/payments/registry.server";
import { formatLongDate, formatMoney } from "~/utils/format";
import { PROMOTIONS_MESSAGES, type NewPromotionInput } from "~/validation/promotions";

// The Promotions tab (docs/product.md §8.9): the coach's codes with their uses and revenue, 'New
// promotion' and 'Turn off'. Each change is one admin_activity_log row. With Stripe the code is
// created there at once (and again on its first checkout if Stripe could not be reached now).

export interface PromotionOffer {
  productKey: string;
  name: string;
  pricePence: number;
  monthly: boolean;
}

export interface PromotionsTabData {
  promotions: PromotionListItem[];
  offers: PromotionOffer[];
}

export async function loadPromotionsTab(): Promise<PromotionsTabData> {
  const catalogue = await effectiveCatalogue();
  return {
    promotions: await listPromotions(),
    offers: catalogue.map((p) => ({ productKey: p.productKey, name: p.name, pricePence: p.pricePence, monthly: p.mode === "monthly" })),
  };
}

/** "10% off" / "£30.00 off", for the list, the log and the toasts. */
export function discountLabel(promotion: { percentOff: number | null; amountOffPence: number | null }): string {
  return promotion.percentOff !== null ? `${promotion.percentOff}% off` : `${formatMoney(promotion.amountOffPence ?? 0)} off`;
}

export type CreatePromotionResult = { ok: true; code: string } | { ok: false; field: string | null; message: string };

/**
 * 'Save' on 'New promotion': a code that is not taken yet (case-insensitive), whose amount off is
 * no more than the price of every offer it applies to. Logged; made at Stripe when Stripe is set.
 */
export async function createPromotion(adminId: string, input: NewPromotionInput): Promise<CreatePromotionResult> {
  const catalogue = await effectiveCatalogue();
  if (input.amountOffPence !== null) {
    const tooCheap = catalogue.find((p) => input.productKeys.includes(p.productKey) && p.pricePence <= input.amountOffPence!);
    if (tooCheap) return { ok: false, field: "amountOff", message: PROMOTIONS_MESSAGES.amountTooLarge(tooCheap.name) };
  }
  const db = getDb();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(promotions)
      .values({
        code: input.code,
        percentOff: input.percentOff,
        amountOffPence: input.amountOffPence,
        productKeys: input.productKeys,
        expiresAt: input.expiresAt,
        maxUses: input.maxUses,
        duration: input.duration,
        durationMonths: input.durationMonths,
        createdBy: adminId,
      })
      .onConflictDoNothing({ target: promotions.code })
      .returning();
    if (!row) return null;
    const names = catalogue.filter((p) => input.productKeys.includes(p.productKey)).map((p) => p.name);
    const summary = [
      `${row.code}: ${discountLabel(row)} ${names.join(", ")}`,
      row.expiresAt ? `until ${formatLongDate(row.expiresAt)}` : null,
      row.maxUses !== null ? `limit ${row.maxUses}` : null,
    ]
      .filter(Boolean)
      .join("; ");
    await tx.insert(adminActivityLog).values({ adminId, actionType: "create_promotion", details: { summary, code: row.code, promotionId: row.id } });
    return row;
  });
  if (!created) return { ok: false, field: "code", message: PROMOTIONS_MESSAGES.codeTaken };

  // With Stripe, the coupon and promotion code are made now; if Stripe cannot be reached, the
  // first checkout with the code makes them (payments/promotions.server.ts).
  try {
    const provider = await getPaymentProvider();
    await promotionAtProvider(provider, created, catalogue[0]?.currency ?? "gbp");
  } catch (error) {
    logger.warn("admin: promotion saved; Stripe will get it at its first checkout", { code: created.code, error });
  }
  return { ok: true, code: created.code };
}

/**
 * 'Turn off': the code stops applying at once. Its open checkouts are expired so none can be paid
 * with it, and Stripe's promotion code is turned off too. Turning off one already off changes nothing.
 */
export async function turnOffPromotion(adminId: string, promotionId: string): Promise<{ ok: true; code: string; changed: boolean } | { ok: false; message: string }> {
  const db = getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(promotions).where(eq(promotions.id, promotionId)).for("update");
    if (!row) return null;
    if (!row.active) return { row, changed: false };
    const [off] = await tx
      .update(promotions)
      .set({ active: false, turnedOffAt: new Date() })
      .where(and(eq(promotions.id, row.id), eq(promotions.active, true)))
      .returning();
    await tx.insert(adminActivityLog).values({
      adminId,
      actionType: "turn_off_promotion",
      details: { summary: `${row.code} turned off`, code: row.code, promotionId: row.id },
    });
    return { row: off ?? row, changed: true };
  });
  if (!result) return { ok: false, message: PROMOTIONS_MESSAGES.unknownPromotion };
  if (result.changed) {
    try {
      const provider = await getPaymentProvider();
      await expireSessionsWithCode(provider, result.row.code);
      if (provider.name === "stripe" && result.row.stripeCouponId) {
        await provider.deactivatePromotion({ couponId: result.row.stripeCouponId, promotionCodeId: result.row.stripePromotionCodeId });
      }
    } catch (error) {
      // The site refuses the code from now on whatever Stripe says; this is tidiness at Stripe.
      logger.warn("admin: promotion turned off here; Stripe could not be told yet", { code: result.row.code, error });
    }
  }
  return { ok: true, code: result.row.code, changed: result.changed };
}
