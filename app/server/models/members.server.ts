import { and, eq, isNull } from "drizzle-orm";
import { SIGNUP_MARKETING_CONSENT } from "~/content/marketing-consent";
import { recordMarketingConsent } from "~/server/models/marketing-consent.server";
import { renderInitialsAvatar } from "~/server/core/avatar.server";
import { getDb, type Queryable } from "~/server/db/client.server";
import { loginHistory, profiles } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { getStorage, profilePictureKey } from "~/server/storage/index.server";

// What the site keeps about a member beyond Better Auth's account (docs/product.md §13): the profile created
// with the account, the generated initials avatar and a login_history row per sign-in. An address
// in ADMIN_EMAILS is made an administrator only once it is verified (models/roles.server.ts).

export interface NewMemberDetails {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  termsAccepted: boolean;
  /** She ticked the box for news and offers by email (docs/decisions/256-marketing-consent-recorded.md). */
  marketingConsent: boolean;
  /** docs/product.md §7.2: the page the member signed up on, as signupSourceFromPath() names it. */
  signupSource: string;
  avatarUrl: string | null;
  /** The sign-up is also the first sign-in. */
  login: LoginDetails;
}

export interface LoginDetails {
  ipAddress: string | null;
  location: string | null;
}

/**
 * Writes the profile and the first login of a new account. Pass the transaction that created the
 * user, so all of it commits or none of it does.
 */
export async function createMemberRecords(tx: Queryable, member: NewMemberDetails): Promise<void> {
  await tx.insert(profiles).values({
    userId: member.userId,
    firstName: member.firstName,
    lastName: member.lastName,
    email: member.email,
    phone: member.phone,
    avatarUrl: member.avatarUrl,
    termsAccepted: member.termsAccepted,
    emailNotifications: member.marketingConsent,
    signupSource: member.signupSource,
    initialSignup: member.signupSource,
  });
  if (member.marketingConsent) {
    await recordMarketingConsent(tx, { userId: member.userId, given: true, wording: SIGNUP_MARKETING_CONSENT, source: "sign-up" });
  }
  await recordLogin(tx, member.userId, member.login);
}

export async function recordLogin(db: Queryable, userId: string, login: LoginDetails): Promise<void> {
  await db.insert(loginHistory).values({ userId, ipAddress: login.ipAddress, location: login.location });
}

/**
 * Renders the initials avatar of docs/product.md §7.9 and stores it at profile-pictures/<user id>/<timestamp>.svg.
 * Returns its key (to delete it again if the account is not created) and its public URL.
 */
export async function storeInitialsAvatar(
  userId: string,
  firstName: string,
  lastName: string | null,
): Promise<{ key: string; url: string }> {
  const storage = getStorage();
  const key = profilePictureKey(userId, "svg");
  const { svg } = renderInitialsAvatar(firstName, lastName);
  await storage.put(key, new TextEncoder().encode(svg), "image/svg+xml");
  return { key, url: storage.publicUrl(key) };
}

/**
 * docs/product.md §7.9: a member whose profile has no avatar but has a first name gets an initials
 * avatar. Returns its URL, or null when another request gave her one first (that file is removed).
 */
export async function generateMissingAvatar(
  member: { userId: string; firstName: string; lastName: string | null },
  db: Queryable = getDb(),
): Promise<string | null> {
  if (!member.firstName.trim()) return null;
  const { key, url } = await storeInitialsAvatar(member.userId, member.firstName, member.lastName);
  const updated = await db
    .update(profiles)
    .set({ avatarUrl: url })
    .where(and(eq(profiles.userId, member.userId), isNull(profiles.avatarUrl)))
    .returning({ id: profiles.id });
  if (updated.length === 0) {
    await getStorage()
      .delete(key)
      .catch((error: unknown) => logger.warn("could not remove an unused avatar", { key, error }));
    return null;
  }
  return url;
}
