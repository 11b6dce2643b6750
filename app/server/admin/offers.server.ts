import { eq } from "drizzle-orm";
import type { ProductMode } from "~/config/catalogue";
import { getSiteConfig } from "~/config/env.server";
import type { SiteConfig } from "~/config/site";
import type { Database, Queryable } from "~/server/db/client.server";
import { adminActivityLog, appSettings, type NewAdminActivity } from "~/server/db/schema";
import {
  applyOverrides,
  COHORT_DATE_OVERRIDE_KEY,
  invalidateEffectiveSiteConfig,
  priceOverrideKey,
  readOverrideRows,
} from "~/server/settings/effective-config.server";
import { expireCheckoutsAtOldPrices } from "~/server/payments/price-change.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import type { OffersResetTarget } from "~/validation/offers";
import { getDb } from "~/server/db/client.server";

// The Offers tab (docs/product.md §10.10; decision 130): each product's price and the next cohort's start, as installed and as
// the admin has set them, and the changes themselves. A change is stored in app_settings (read by
// effective-config.server.ts) in one transaction with one admin_activity_log row per changed value.
// Setting a value back to the installed one removes the override, so a later change of the
// installation (environment) shows through again.

export interface OfferRow {
  productKey: string;
  name: string;
  mode: ProductMode;
  installedPence: number;
  currentPence: number;
  /** True when the admin's price is in force rather than the installed one. */
  overridden: boolean;
}

export interface OffersData {
  offers: OfferRow[];
  /** ISO instants (UTC). */
  nextCohortDate: { installed: string; current: string; overridden: boolean };
}

interface CurrentOffers {
  installed: SiteConfig;
  current: SiteConfig;
  pricesOverridden: Set<string>;
  dateOverridden: boolean;
}

/** Read straight from the database (no memo): the admin sees exactly what is stored. */
async function readCurrent(q: Queryable, installed: SiteConfig = getSiteConfig()): Promise<CurrentOffers> {
  const applied = applyOverrides(installed, await readOverrideRows(q));
  return {
    installed,
    current: applied.config,
    pricesOverridden: new Set(Object.keys(applied.prices)),
    dateOverridden: applied.nextCohortDate !== null,
  };
}

export async function loadOffersData(db: Queryable): Promise<OffersData> {
  const { installed, current, pricesOverridden, dateOverridden } = await readCurrent(db);
  return {
    offers: installed.catalogue.map((product) => ({
      productKey: product.productKey,
      name: product.name,
      mode: product.mode,
      installedPence: product.pricePence,
      currentPence: current.catalogue.find((p) => p.productKey === product.productKey)?.pricePence ?? product.pricePence,
      overridden: pricesOverridden.has(product.productKey),
    })),
    nextCohortDate: { installed: installed.nextCohortDate, current: current.nextCohortDate, overridden: dateOverridden },
  };
}

/** The product keys the form carries a price for. */
export function offerProductKeys(installed: SiteConfig = getSiteConfig()): string[] {
  return installed.catalogue.map((p) => p.productKey);
}

/** The start now in force (for the form's check that a new start lies ahead). */
export async function currentCohortDate(db: Queryable): Promise<string> {
  return (await readCurrent(db)).current.nextCohortDate;
}

export interface OfferChange {
  actionType: "update_offer" | "update_cohort_date";
  summary: string;
}

export interface OffersChangeInput {
  /** Pence by product key; products left out keep their price. */
  prices?: Record<string, number>;
  /** An ISO instant, or undefined to keep the current start. */
  nextCohortDate?: string;
}

const dateLabel = (iso: string) => formatDateTime(iso);

/**
 * Applies the admin's values: writes each changed one (or removes its override when it equals the
 * installed value) and logs it, all in one transaction. Returns the changes (none if every value
 * was already in force). The memoised configuration of this process is refreshed at once.
 */
export async function changeOffers(db: Database, adminId: string, input: OffersChangeInput): Promise<OfferChange[]> {
  const installed = getSiteConfig();
  const changes = await db.transaction(async (tx) => {
    const { current } = await readCurrent(tx, installed);
    const made: OfferChange[] = [];
    const log: NewAdminActivity[] = [];

    for (const product of installed.catalogue) {
      const to = input.prices?.[product.productKey];
      if (to === undefined) continue;
      const from = current.catalogue.find((p) => p.productKey === product.productKey)!.pricePence;
      if (to === from) continue;
      await writeOverride(tx, priceOverrideKey(product.productKey), to === product.pricePence ? null : to);
      const summary = `${product.name} price ${formatMoney(from)} → ${formatMoney(to)}`;
      made.push({ actionType: "update_offer", summary });
      log.push({
        adminId,
        actionType: "update_offer",
        targetUserId: null,
        details: {
          summary,
          product_key: product.productKey,
          product_name: product.name,
          changes: { price_pence: { from, to } },
        },
      });
    }

    if (input.nextCohortDate !== undefined) {
      const from = current.nextCohortDate;
      const to = new Date(input.nextCohortDate).toISOString();
      if (Date.parse(to) !== Date.parse(from)) {
        const backToInstalled = Date.parse(to) === Date.parse(installed.nextCohortDate);
        await writeOverride(tx, COHORT_DATE_OVERRIDE_KEY, backToInstalled ? null : to);
        const stored = backToInstalled ? installed.nextCohortDate : to;
        const summary = `Next cohort date ${dateLabel(from)} → ${dateLabel(stored)}`;
        made.push({ actionType: "update_cohort_date", summary });
        log.push({
          adminId,
          actionType: "update_cohort_date",
          targetUserId: null,
          details: { summary, changes: { next_cohort_date: { from, to: stored } } },
        });
      }
    }

    if (log.length > 0) await tx.insert(adminActivityLog).values(log);
    return made;
  });
  if (changes.length > 0) invalidateEffectiveSiteConfig();
  // A checkout opened at the old price must not be paid at it (decision 186).
  if (changes.some((c) => c.actionType === "update_offer")) await expireCheckoutsAtOldPrices(db);
  return changes;
}

/** 'Reset to installed price' / 'Reset to installed date': the override goes, and is logged. */
export async function resetOffer(db: Database, adminId: string, target: OffersResetTarget): Promise<OfferChange[]> {
  const installed = getSiteConfig();
  let changes: OfferChange[];
  let key: string;
  if (target.kind === "nextCohortDate") {
    key = COHORT_DATE_OVERRIDE_KEY;
    changes = await changeOffers(db, adminId, { nextCohortDate: installed.nextCohortDate });
  } else {
    const product = installed.catalogue.find((p) => p.productKey === target.productKey);
    if (!product) return [];
    key = priceOverrideKey(product.productKey);
    changes = await changeOffers(db, adminId, { prices: { [product.productKey]: product.pricePence } });
  }
  // A stored value the schema ignores changes nothing visible, but a reset clears it all the same.
  if (changes.length === 0) {
    const removed = await db.delete(appSettings).where(eq(appSettings.key, key)).returning({ key: appSettings.key });
    if (removed.length > 0) invalidateEffectiveSiteConfig();
  }
  return changes;
}

/** Stores an override (a value) or removes it (null). */
async function writeOverride(q: Queryable, key: string, value: number | string | null) {
  if (value === null) {
    await q.delete(appSettings).where(eq(appSettings.key, key));
    return;
  }
  await q
    .insert(appSettings)
    .values({ key, value })
    .onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

export function loadOffersTab(): Promise<OffersData> {
  return loadOffersData(getDb());
}

export function offersCohortDate(): Promise<string> {
  return currentCohortDate(getDb());
}

export function saveOffers(adminId: string, input: OffersChangeInput): Promise<OfferChange[]> {
  return changeOffers(getDb(), adminId, input);
}

export function resetOfferToInstalled(adminId: string, target: OffersResetTarget): Promise<OfferChange[]> {
  return resetOffer(getDb(), adminId, target);
}
