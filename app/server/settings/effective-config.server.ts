import cluster from "node:cluster";
import { createHash } from "node:crypto";
import { asc, like } from "drizzle-orm";
import { getSiteConfig } from "~/config/env.server";
import { resolveSiteConfig, SiteConfigSchema, type SiteConfig, type SiteConfigValues } from "~/config/site";
import { getDb, type Queryable } from "~/server/db/client.server";
import { appSettings } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { createRefreshingReader } from "./refreshing-reader.server";

// The configuration every page, checkout and the payment provider use (docs/product.md §5.1): the installed
// configuration (defaults + environment) with the admin's run-time overrides from app_settings
// laid over it: a price per product (pence) and the next cohort's start. The result goes
// through the same schema as the installed configuration; a stored value the schema refuses is
// ignored and logged, never shown and never fatal. Decision: docs/decisions/130-offer-overrides.md.
//
// Every request asks for it (the root loader), so each process keeps the last reading and asks
// the database again at most every REFRESH_INTERVAL_MS: a change made on one server reaches the
// others within that interval, and the server that made it forgets its reading at once.

/** Every override key starts with this (app_settings holds other settings too). */
export const OVERRIDE_KEY_PREFIX = "offers.";
export const COHORT_DATE_OVERRIDE_KEY = "offers.next_cohort_date";
export const priceOverrideKey = (productKey: string) => `offers.price.${productKey}`;

export const REFRESH_INTERVAL_MS = 2_000;

type PriceField = keyof SiteConfigValues["prices"];

/** The prices field of the configuration that sets a product's price (catalogue.ts builds it). */
export function priceFieldFor(productKey: string, site: Pick<SiteConfig, "coachSlug">): PriceField | null {
  if (productKey === "learn-to-lift") return "learnToLift";
  if (productKey === "build-stronger-foundations") return "foundations";
  if (productKey === `stronger-with-${site.coachSlug}`) return "oneToOne";
  return null;
}

export interface OverrideRow {
  key: string;
  value: unknown;
  updatedAt: Date;
}

/** The stored overrides, in key order. */
export async function readOverrideRows(q: Queryable): Promise<OverrideRow[]> {
  return q
    .select({ key: appSettings.key, value: appSettings.value, updatedAt: appSettings.updatedAt })
    .from(appSettings)
    .where(like(appSettings.key, `${OVERRIDE_KEY_PREFIX}%`))
    .orderBy(asc(appSettings.key));
}

export interface AppliedOverrides {
  config: SiteConfig;
  /** Overridden prices that were applied, by product key. */
  prices: Record<string, number>;
  /** The applied start, or null when the installed one stands. */
  nextCohortDate: string | null;
  /** Stored values the schema refused (or keys nothing reads), with the reason. */
  ignored: { key: string; reason: string }[];
}

/** Lays the overrides over the installed configuration and validates the result again. */
export function applyOverrides(installed: SiteConfig, rows: readonly OverrideRow[]): AppliedOverrides {
  const prices = { ...installed.prices };
  const appliedPrices: Record<string, number> = {};
  let nextCohortDate = installed.nextCohortDate;
  let appliedDate: string | null = null;
  const ignored: AppliedOverrides["ignored"] = [];
  const refuse = (key: string, error: { issues: { message: string }[] }) =>
    ignored.push({ key, reason: error.issues[0]?.message ?? "invalid" });

  for (const row of rows) {
    if (row.key === COHORT_DATE_OVERRIDE_KEY) {
      const parsed = SiteConfigSchema.shape.nextCohortDate.safeParse(row.value);
      if (!parsed.success) refuse(row.key, parsed.error);
      else nextCohortDate = appliedDate = parsed.data;
      continue;
    }
    const productKey = row.key.startsWith("offers.price.") ? row.key.slice("offers.price.".length) : null;
    const field = productKey ? priceFieldFor(productKey, installed) : null;
    if (!productKey || !field) {
      ignored.push({ key: row.key, reason: "no product of the catalogue has this key" });
      continue;
    }
    // NOTE: a number only: the schema coerces, and a stored "1e3" or true must not become a price.
    const parsed = typeof row.value === "number" ? SiteConfigSchema.shape.prices.shape[field].safeParse(row.value) : null;
    if (!parsed?.success) {
      refuse(row.key, parsed?.error ?? { issues: [{ message: "must be a whole number of pence" }] });
      continue;
    }
    prices[field] = appliedPrices[productKey] = parsed.data;
  }

  try {
    const config = resolveSiteConfig({ ...installed, prices, nextCohortDate });
    return { config, prices: appliedPrices, nextCohortDate: appliedDate, ignored };
  } catch (error) {
    // Each value passed on its own; this is a guard for a schema that grows cross-field rules.
    ignored.push(...rows.map((row) => ({ key: row.key, reason: error instanceof Error ? error.message : String(error) })));
    return { config: installed, prices: {}, nextCohortDate: null, ignored };
  }
}

/** Changes whenever an override is written or removed (its value and time are part of it). */
export function settingsVersionOf(rows: readonly OverrideRow[]): string {
  if (rows.length === 0) return "0";
  const hash = createHash("sha256");
  for (const row of rows) hash.update(`${row.key}\u0000${JSON.stringify(row.value)}\u0000${row.updatedAt.getTime()}\u0000`);
  const newest = Math.max(...rows.map((row) => row.updatedAt.getTime()));
  return `${newest.toString(36)}-${rows.length}-${hash.digest("base64url").slice(0, 12)}`;
}

// ─── The memoised reader ────────────────────────────────────────────────────────────────────────

export interface EffectiveConfigReader {
  /** The effective configuration, read from the database at most every refresh interval. */
  getConfig(): Promise<SiteConfig>;
  getVersion(): Promise<string>;
  /** Forget the reading: the next call reads the database (after this server wrote a change). */
  invalidate(): void;
  /** The last reading without waiting (or the installed configuration): for code inside a
   * transaction, which must not wait on another connection for rows the transaction holds. */
  peek(): SiteConfig;
  /** The version `getVersion()` would answer without reading, or undefined when it would read. */
  freshVersion(): string | undefined;
}

export interface EffectiveConfigReaderOptions {
  /** The database to read (default: the server's). */
  db?: () => Queryable;
  /** The installed configuration (default: defaults + environment). */
  installed?: () => SiteConfig;
  refreshMs?: number;
  now?: () => number;
}

/** A reader with its own memo: the server has one; tests make more to play other servers. */
export function createEffectiveConfigReader({
  db = getDb,
  installed = getSiteConfig,
  refreshMs = REFRESH_INTERVAL_MS,
  now = Date.now,
}: EffectiveConfigReaderOptions = {}): EffectiveConfigReader {
  let reportedVersion: string | null = null;
  // A reading is for one database and one installed configuration (a test or a reload may change either).
  const reading = createRefreshingReader({
    inputs: () => [db(), installed()] as const,
    refreshMs,
    now,
    read: async ([source, base], previous: { config: SiteConfig; version: string } | null) => {
      try {
        const rows = await readOverrideRows(source);
        const version = settingsVersionOf(rows);
        const applied = applyOverrides(base, rows);
        if (applied.ignored.length > 0 && reportedVersion !== version) {
          logger.warn("settings: ignoring stored offer overrides that are not valid", { ignored: applied.ignored });
        }
        reportedVersion = version;
        return { config: applied.config, version };
      } catch (error) {
        // The last good reading stands (or the installed configuration); retried after the interval.
        logger.error("settings: could not read the offer overrides", { error });
        return { config: previous?.config ?? base, version: previous?.version ?? "0" };
      }
    },
  });

  return {
    async getConfig() {
      return (await reading.get())?.config ?? installed();
    },
    async getVersion() {
      return (await reading.get())?.version ?? "0";
    },
    invalidate: reading.invalidate,
    peek() {
      return reading.peek()?.config ?? installed();
    },
    freshVersion() {
      return reading.fresh()?.version;
    },
  };
}

// On globalThis so the development server's module reloads keep one reader per process.
const state = globalThis as typeof globalThis & { __effectiveConfigReader?: EffectiveConfigReader };
const reader = () => (state.__effectiveConfigReader ??= createEffectiveConfigReader());

export async function getEffectiveSiteConfig(): Promise<SiteConfig> {
  return reader().getConfig();
}

/** Changes whenever an override changes, so caches of rendered pages can key on it. */
export async function getSettingsVersion(): Promise<string> {
  return reader().getVersion();
}

/** getSettingsVersion()'s answer when it is known without reading (the page cache's fast path), else undefined. */
export function settingsVersionNow(): string | undefined {
  return reader().freshVersion();
}

const SETTINGS_CHANGED = "settings-changed";

const invalidationListeners = new Set<() => void>();

/** Other per-process readings of the site's settings (the Content tab's texts) forget theirs with this one. */
export function onSiteSettingsInvalidated(listener: () => void): void {
  invalidationListeners.add(listener);
}

/**
 * After this server changed an override: every later request sees it at once, in this process
 * and, with several processes (WEB_CONCURRENCY, docs/decisions/202), in its siblings, told
 * through the cluster's primary. (Other servers on the same PostgreSQL read it within
 * REFRESH_INTERVAL_MS.)
 */
export function invalidateEffectiveSiteConfig(): void {
  reader().invalidate();
  for (const listener of invalidationListeners) listener();
  if (cluster.isWorker) process.send?.({ kind: "site:broadcast", event: SETTINGS_CHANGED });
}

const listening = globalThis as typeof globalThis & { __settingsBroadcastListener?: boolean };
if (cluster.isWorker && !listening.__settingsBroadcastListener) {
  listening.__settingsBroadcastListener = true;
  process.on("message", (message: { kind?: unknown; event?: unknown } | null) => {
    if (message?.kind === "site:broadcast" && message.event === SETTINGS_CHANGED) {
      reader().invalidate();
      for (const listener of invalidationListeners) listener();
    }
  });
}

/** The last reading, without a query (see EffectiveConfigReader.peek). */
export function peekEffectiveSiteConfig(): SiteConfig {
  return reader().peek();
}
