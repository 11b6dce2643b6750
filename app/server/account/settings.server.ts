import { desc, eq } from "drizzle-orm";
import { graceEndsAt } from "~/server/core/payment-grace.server";
import { planStatusLabel, planSummary, type PlanSummary } from "~/server/payments/instalments.server";
import { getDb, queryPrepared } from "~/server/db/client.server";
import { preparedStatement } from "~/server/db/prepared.server";
import { loginHistory, profiles, users } from "~/server/db/schema";
import { queueMemberSync } from "~/server/lists/sync-queue.server";
import { logger } from "~/server/core/logger.server";
import {
  listPurchases,
  listSubscriptions,
  subscriptionStatusLabel,
  type PurchaseListItem,
  type SubscriptionListItem,
} from "~/server/payments/queries.server";
import { getStorage, profilePictureKey } from "~/server/storage/index.server";
import { processAvatarUpload } from "~/server/uploads/avatar-upload.server";
import { avatarQueue, imageSlots, UploadQueueFullError } from "~/server/uploads/upload-queue.server";
import { settingsConsentWording } from "~/content/marketing-consent";
import { recordMarketingConsent } from "~/server/models/marketing-consent.server";

// The account settings page's reads and writes (docs/product.md §9).
// Every function takes the signed-in member's id from the session (requireUser), never from the
// form, and writes only the columns its card owns.

export const LOGIN_HISTORY_LIMIT = 10;

export interface SettingsProfile {
  firstName: string;
  lastName: string | null;
  email: string;
  avatarUrl: string | null;
  emailNotifications: boolean;
  accountStatus: string | null;
  createdAt: string;
  emailVerified: boolean;
}

export interface SettingsLogin {
  id: string;
  loginAt: string;
  location: string | null;
  ipAddress: string | null;
}

export interface SettingsPurchase {
  id: string;
  productName: string;
  purchasedAt: string;
  stripeSessionId: string;
  amountCents: number;
  currency: string;
  refunded: boolean;
  /** The promotion code the payment used and what it took off. */
  promotion: { code: string; discountCents: number } | null;
  /** A free place the coach gave: shown as 'Given by the coach', not as a payment. */
  given: boolean;
}

export interface SettingsSubscription {
  id: string;
  productName: string;
  status: string;
  statusLabel: string;
  /** When it renews (running) or ends / ended (cancelling or cancelled); null if unknown. */
  periodEnd: string | null;
  ends: boolean;
  /** Its payment is failing: she keeps access until this moment unless her card goes through (docs/product.md §8.10). */
  paymentFailingUntil: string | null;
  /** A payment plan (docs/product.md §8.11): how far through it she is and what is left to pay. */
  plan: PlanSummary | null;
}

export interface SettingsData {
  profile: SettingsProfile;
  logins: SettingsLogin[];
  purchases: SettingsPurchase[];
  subscriptions: SettingsSubscription[];
}

type ProfileRow = {
  firstName: string;
  lastName: string | null;
  avatarUrl: string | null;
  emailNotifications: boolean;
  accountStatus: string;
  createdAt: Date;
  email: string;
  emailVerified: boolean;
};
type LoginRow = { id: string; loginAt: Date; location: string | null; ipAddress: string | null };
type Lists = { logins: LoginRow[]; purchaseRows: PurchaseListItem[]; subscriptionRows: SubscriptionListItem[] };
type Loaded = { row: ProfileRow; lists: Lists; version?: string };

const toDate = (value: string | Date | null): Date | null => (value === null ? null : new Date(value));

/** The row of the settings page's single read. */
interface SettingsRow {
  first_name: string;
  last_name: string | null;
  avatar_url: string | null;
  email_notifications: boolean;
  account_status: string;
  created_at: string | Date;
  email: string;
  email_verified: boolean;
  settings_version: string;
  logins: { id: string; login_at: string; location: string | null; ip_address: string | null }[];
  purchases: {
    id: string;
    product_key: string;
    product_name: string;
    purchased_at: string;
    stripe_session_id: string;
    amount_cents: number;
    currency: string;
    status: PurchaseListItem["status"];
    refunded_amount_cents: number;
    promotion_code: string | null;
    discount_cents: number;
    given_by: string | null;
    refunded_at: string | null;
  }[];
  subscriptions: {
    id: string;
    product_key: string;
    product_name: string;
    status: SubscriptionListItem["status"];
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    canceled_at: string | null;
    created_at: string;
    past_due_since: string | null;
    paused_until: string | null;
    instalments: number | null;
    plan_total_cents: number | null;
    plan_paid_count: number;
    plan_paid_cents: number;
  }[];
}

// The whole page in one statement, parsed once (app/server/db/prepared.server.ts).
/** Exported for scripts/bench-settings-read.ts, which times it as a plain query too. */
export const SETTINGS_STATEMENT = preparedStatement(
  "settings_page",
  `
  select p.first_name, p.last_name, p.avatar_url, p.email_notifications,
         p.account_status, p.created_at, u.email, u.email_verified, p.settings_version::text as settings_version,
         (select coalesce(json_agg(l), '[]') from (
            select id, login_at, location, ip_address from login_history
            where user_id = p.user_id order by login_at desc, id desc limit $2) l) as logins,
         (select coalesce(json_agg(x), '[]') from (
            select id, product_key, product_name, purchased_at, stripe_session_id, amount_cents, currency,
                   status, refunded_amount_cents, refunded_at, promotion_code, discount_cents, given_by
            from purchases where user_id = p.user_id order by purchased_at desc, id desc) x) as purchases,
         (select coalesce(json_agg(s), '[]') from (
            select sb.id, sb.product_key, sb.product_name, sb.status, sb.current_period_end, sb.cancel_at_period_end,
                   sb.canceled_at, sb.created_at, sb.past_due_since, sb.paused_until, sb.instalments, sb.plan_total_cents,
                   coalesce(pl.paid_count, 0) as plan_paid_count, coalesce(pl.paid_cents, 0) as plan_paid_cents
            from subscriptions sb
            left join lateral (
              select count(*)::int as paid_count, coalesce(sum(pp.amount_cents), 0)::int as paid_cents
              from purchases pp
              where sb.instalments is not null and pp.subscription_id = sb.provider_subscription_id
                and pp.status in ('paid', 'partially_refunded')) pl on true
            where sb.user_id = p.user_id order by sb.created_at desc) s) as subscriptions
  from profiles p join users u on u.id = p.user_id
  where p.user_id = $1
  limit 1

  `,
);

/**
 * The profile and all three lists in one round trip (the page's hot path: four statements would
 * cost four round trips to the database).
 */
export async function loadSettingsAtOnce(userId: string): Promise<Loaded | null> {
  const [r] = await queryPrepared<SettingsRow>(SETTINGS_STATEMENT, [userId, LOGIN_HISTORY_LIMIT]);
  if (!r) return null;
  return {
    version: r.settings_version,
    row: {
      firstName: r.first_name,
      lastName: r.last_name,
      avatarUrl: r.avatar_url,
      emailNotifications: r.email_notifications,
      accountStatus: r.account_status,
      createdAt: new Date(r.created_at),
      email: r.email,
      emailVerified: r.email_verified,
    },
    lists: {
      logins: r.logins.map((l) => ({ id: l.id, loginAt: new Date(l.login_at), location: l.location, ipAddress: l.ip_address })),
      purchaseRows: r.purchases.map((x) => ({
        id: x.id,
        productKey: x.product_key,
        productName: x.product_name,
        purchasedAt: new Date(x.purchased_at),
        stripeSessionId: x.stripe_session_id,
        amountCents: Number(x.amount_cents),
        currency: x.currency,
        status: x.status,
        refundedAmountCents: Number(x.refunded_amount_cents),
        refundedAt: toDate(x.refunded_at),
        promotionCode: x.promotion_code,
        discountCents: Number(x.discount_cents),
        givenBy: x.given_by,
      })),
      subscriptionRows: r.subscriptions.map((x) => ({
        id: x.id,
        productKey: x.product_key,
        productName: x.product_name,
        status: x.status,
        currentPeriodEnd: toDate(x.current_period_end),
        cancelAtPeriodEnd: x.cancel_at_period_end,
        canceledAt: toDate(x.canceled_at),
        createdAt: new Date(x.created_at),
        pastDueSince: toDate(x.past_due_since),
        pausedUntil: toDate(x.paused_until),
        instalments: x.instalments,
        planTotalCents: x.plan_total_cents,
        planPaidCount: Number(x.plan_paid_count),
        planPaidCents: Number(x.plan_paid_cents),
      })),
    },
  };
}

/** The same, one statement at a time, where a list that fails to load is logged only (docs/product.md §9). */
export async function loadSettingsPiecewise(userId: string): Promise<Loaded | null> {
  const db = getDb();
  const [row] = await db
    .select({
      firstName: profiles.firstName,
      lastName: profiles.lastName,
      avatarUrl: profiles.avatarUrl,
      emailNotifications: profiles.emailNotifications,
      accountStatus: profiles.accountStatus,
      createdAt: profiles.createdAt,
      email: users.email,
      emailVerified: users.emailVerified,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  if (!row) return null;
  const [logins, purchaseRows, subscriptionRows] = await Promise.all([
    db
      .select({ id: loginHistory.id, loginAt: loginHistory.loginAt, location: loginHistory.location, ipAddress: loginHistory.ipAddress })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId))
      .orderBy(desc(loginHistory.loginAt), desc(loginHistory.id))
      .limit(LOGIN_HISTORY_LIMIT)
      // docs/product.md §9: login history and purchase load failures are logged only.
      .catch((error: unknown) => {
        logger.error("could not load login history", { error, userId });
        return [];
      }),
    listPurchases(userId).catch((error: unknown) => {
      logger.error("could not load purchases", { error, userId });
      return [];
    }),
    listSubscriptions(userId).catch((error: unknown) => {
      logger.error("could not load subscriptions", { error, userId });
      return [];
    }),
  ]);
  return { row, lists: { logins, purchaseRows, subscriptionRows } };
}

// Members' settings as last read, with the profiles.settings_version they were read at
// (decision 173). Triggers move the version on with every change the page would show, and every
// signed-in request's session lookup reads it, so an entry is used only while it is current: a
// member who opens her settings again, unchanged, costs no query. Most recently used last.
const SETTINGS_CACHE_LIMIT = 1_000;
const settingsCache = new Map<string, { version: string; loaded: Loaded }>();

function cachedSettings(userId: string, version: string | null | undefined): Loaded | null {
  if (version == null) return null;
  const entry = settingsCache.get(userId);
  if (!entry) return null;
  settingsCache.delete(userId);
  if (entry.version !== version) return null;
  settingsCache.set(userId, entry);
  return entry.loaded;
}

function rememberSettings(userId: string, loaded: Loaded) {
  if (loaded.version === undefined) return;
  settingsCache.delete(userId);
  settingsCache.set(userId, { version: loaded.version, loaded });
  if (settingsCache.size > SETTINGS_CACHE_LIMIT) settingsCache.delete(settingsCache.keys().next().value!);
}

/**
 * Everything the settings page shows, for one member; null if she has no profile row.
 * `version` is her profile's settings_version from the session lookup (SessionUser): given it,
 * settings read at that version are served from memory.
 */
export async function loadSettings(userId: string, version?: string | null): Promise<SettingsData | null> {
  let loaded = cachedSettings(userId, version);
  if (!loaded) {
    loaded = await loadSettingsAtOnce(userId).catch((error: unknown) => {
      logger.warn("settings: the combined read failed; reading piece by piece", { error, userId });
      return loadSettingsPiecewise(userId);
    });
    if (!loaded) return null;
    // Only what the combined read returned (it carries its version); never a piecewise read.
    rememberSettings(userId, loaded);
  }
  const { row, lists } = loaded;
  const { logins, purchaseRows, subscriptionRows } = lists;

  return {
    profile: {
      firstName: row.firstName,
      lastName: row.lastName,
      email: row.email,
      avatarUrl: row.avatarUrl,
      emailNotifications: row.emailNotifications,
      accountStatus: row.accountStatus || null,
      createdAt: row.createdAt.toISOString(),
      emailVerified: row.emailVerified,
    },
    logins: logins.map((l) => ({ id: l.id, loginAt: l.loginAt.toISOString(), location: l.location, ipAddress: l.ipAddress })),
    purchases: purchaseRows.map((p) => ({
      id: p.id,
      productName: p.productName,
      purchasedAt: p.purchasedAt.toISOString(),
      stripeSessionId: p.stripeSessionId,
      amountCents: p.amountCents,
      currency: p.currency,
      refunded: p.status === "refunded",
      promotion: p.promotionCode ? { code: p.promotionCode, discountCents: p.discountCents } : null,
      given: p.givenBy !== null,
    })),
    subscriptions: subscriptionRows.map((s) => ({
      id: s.id,
      productName: s.productName,
      status: s.status,
      statusLabel: planStatusLabel(s) ?? subscriptionStatusLabel(s),
      periodEnd: (s.status === "canceled" ? (s.canceledAt ?? s.currentPeriodEnd) : s.currentPeriodEnd)?.toISOString() ?? null,
      ends: s.status === "canceled" || s.cancelAtPeriodEnd,
      paymentFailingUntil: (s.status === "past_due" || s.status === "unpaid") && s.pastDueSince ? graceEndsAt(s.pastDueSince).toISOString() : null,
      plan: planSummary(s),
    })),
  };
}

/** docs/product.md §9.2: the whole trimmed full name into first_name, last_name null. */
export async function updateMemberName(userId: string, name: string): Promise<boolean> {
  const db = getDb();
  return db.transaction(async (tx) => {
    const updated = await tx
      .update(profiles)
      .set({ firstName: name, lastName: null })
      .where(eq(profiles.userId, userId))
      .returning({ id: profiles.id });
    if (updated.length === 0) return false;
    // Better Auth's display name (used in its emails) follows.
    await tx.update(users).set({ name }).where(eq(users.id, userId));
    return true;
  });
}

export async function updateEmailNotifications(userId: string, enabled: boolean): Promise<boolean> {
  return getDb().transaction(async (tx) => {
    const [before] = await tx.select({ enabled: profiles.emailNotifications }).from(profiles).where(eq(profiles.userId, userId)).for("update");
    if (!before) return false;
    if (before.enabled === enabled) return true;
    await tx.update(profiles).set({ emailNotifications: enabled }).where(eq(profiles.userId, userId));
    // Her choice, given or withdrawn, is kept with the switch's words and the time (decision 256).
    await recordMarketingConsent(tx, { userId, given: enabled, wording: settingsConsentWording(enabled), source: "settings" });
    // docs/product.md §6: the email-marketing sync sends her (on) or takes her off the member tag (off).
    await queueMemberSync(tx, userId);
    return true;
  });
}

/**
 * The storage key behind one of her avatar URLs, if it is a file of hers in the profile-pictures
 * folder (anything else, e.g. an outside URL, is never deleted).
 */
export function ownAvatarKey(userId: string, url: string | null): string | null {
  if (!url) return null;
  const match = /profile-pictures\/([^/?#]+)\/([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(url);
  if (!match || match[1] !== userId) return null;
  const key = `profile-pictures/${userId}/${match[2]}`;
  return getStorage().publicUrl(key) === url ? key : null;
}

export type AvatarSaveResult = { ok: true; url: string } | { ok: false; error: string; status?: number };

/**
 * Checks and re-encodes the upload (real type, 5 MB, metadata stripped), stores it at
 * profile-pictures/<user id>/<timestamp>.<ext>, points avatar_url at it and removes the picture it
 * replaced. A refused upload stores nothing.
 *
 * Her uploads run one at a time and image processing is limited across members
 * (../uploads/upload-queue.server.ts). Between servers, the profile row is locked while her
 * avatar_url changes: each upload replaces (and deletes) whichever picture was in use when it got
 * the lock, so however uploads interleave, one file of hers is left, the one in use. An upload
 * that finds her profile gone deletes its own file.
 */
export function saveAvatar(userId: string, file: File): Promise<AvatarSaveResult> {
  return avatarQueue.run(userId, () => replaceAvatar(userId, file)).catch((error: unknown) => {
    if (error instanceof UploadQueueFullError) return { ok: false as const, error: error.message, status: 429 };
    throw error;
  });
}

async function replaceAvatar(userId: string, file: File): Promise<AvatarSaveResult> {
  const processed = await imageSlots.run(async () => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    return processAvatarUpload(bytes, { name: file.name, type: file.type });
  });
  if (!processed.ok) return processed;

  const storage = getStorage();
  const key = profilePictureKey(userId, processed.ext);
  await storage.put(key, processed.data, processed.contentType);
  const url = storage.publicUrl(key);
  let replaced: { avatarUrl: string | null } | undefined;
  try {
    replaced = await getDb().transaction(async (tx) => {
      const [current] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId)).for("update");
      if (current) await tx.update(profiles).set({ avatarUrl: url }).where(eq(profiles.userId, userId));
      return current;
    });
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  if (!replaced) {
    await storage.delete(key).catch((error: unknown) => logger.warn("could not remove an unused avatar", { error, key }));
    return { ok: false, error: "Failed to load profile data" };
  }
  const previous = ownAvatarKey(userId, replaced.avatarUrl);
  if (previous && previous !== key) {
    await storage.delete(previous).catch((error: unknown) => logger.warn("could not remove a replaced avatar", { error, key: previous }));
  }
  return { ok: true, url };
}
