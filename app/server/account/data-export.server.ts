import { asc, desc, eq, sql } from "drizzle-orm";
import { getDb } from "~/server/db/client.server";
import { listMarketingConsents } from "~/server/models/marketing-consent.server";
import { emailSubscribers, loginHistory, profiles, purchases, subscriptions, userRoles, users } from "~/server/db/schema";

// 'Download my data' (docs/product.md §9.8): everything the site keeps about the member, as JSON. Each
// field is picked by name, so no secret (password hash, session or reset token, two-factor
// secret, unsubscribe or confirmation token) can ever be included by accident.

export async function exportMemberData(userId: string) {
  const db = getDb();
  const [account] = await db
    .select({ id: users.id, name: users.name, email: users.email, emailVerified: users.emailVerified, twoFactorEnabled: users.twoFactorEnabled, createdAt: users.createdAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account) return null;
  const [profile] = await db
    .select({
      first_name: profiles.firstName,
      last_name: profiles.lastName,
      email: users.email,
      phone: profiles.phone,
      avatar_url: profiles.avatarUrl,
      email_notifications: profiles.emailNotifications,
      account_status: profiles.accountStatus,
      terms_accepted: profiles.termsAccepted,
      signup_source: profiles.signupSource,
      initial_signup: profiles.initialSignup,
      created_at: profiles.createdAt,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  const [roles, logins, purchaseRows, subscriptionRows, emailLists, consents] = await Promise.all([
    db.select({ role: userRoles.role, granted_at: userRoles.createdAt }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select({ login_at: loginHistory.loginAt, location: loginHistory.location, ip_address: loginHistory.ipAddress })
      .from(loginHistory)
      .where(eq(loginHistory.userId, userId))
      .orderBy(desc(loginHistory.loginAt)),
    db
      .select({
        product_name: purchases.productName,
        product_key: purchases.productKey,
        purchased_at: purchases.purchasedAt,
        stripe_session_id: purchases.stripeSessionId,
        amount_cents: purchases.amountCents,
        currency: purchases.currency,
        status: purchases.status,
        refunded_amount_cents: purchases.refundedAmountCents,
        refunded_at: purchases.refundedAt,
      })
      .from(purchases)
      .where(eq(purchases.userId, userId))
      .orderBy(desc(purchases.purchasedAt)),
    db
      .select({
        product_name: subscriptions.productName,
        product_key: subscriptions.productKey,
        status: subscriptions.status,
        current_period_end: subscriptions.currentPeriodEnd,
        cancel_at_period_end: subscriptions.cancelAtPeriodEnd,
        canceled_at: subscriptions.canceledAt,
        created_at: subscriptions.createdAt,
      })
      .from(subscriptions)
      .where(eq(subscriptions.userId, userId))
      .orderBy(desc(subscriptions.createdAt)),
    db
      .select({
        email: emailSubscribers.email,
        form: emailSubscribers.form,
        status: emailSubscribers.status,
        first_name: emailSubscribers.firstName,
        biggest_challenge: emailSubscribers.biggestChallenge,
        created_at: emailSubscribers.createdAt,
        confirmed_at: emailSubscribers.confirmedAt,
        unsubscribed_at: emailSubscribers.unsubscribedAt,
      })
      .from(emailSubscribers)
      .where(eq(sql`lower(${emailSubscribers.email})`, account.email.toLowerCase()))
      .orderBy(asc(emailSubscribers.createdAt)),
    // Each consent to news and offers, given or withdrawn, with its wording and time (decision 256).
    listMarketingConsents(db, userId),
  ]);
  return {
    exported_at: new Date().toISOString(),
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      email_verified: account.emailVerified,
      two_factor_enabled: account.twoFactorEnabled ?? false,
      created_at: account.createdAt,
    },
    profile: profile ?? null,
    roles,
    login_history: logins,
    purchases: purchaseRows,
    subscriptions: subscriptionRows,
    email_list_subscriptions: emailLists,
    marketing_consents: consents,
  };
}

/** my-data-2025-01-05.json */
export function exportFileName(now = new Date()): string {
  return `my-data-${now.toISOString().slice(0, 10)}.json`;
}
