import { and, eq, isNull } from "drizzle-orm";
import { renderInitialsAvatar } from "~/server/avatar.server";
import type { Queryable } from "~/server/db/client.server";
import { loginHistory, profiles } from "~/server/db/schema";
import { logger } from "~/server/logger.server";
import { grantAdmin } from "~/server/models/roles.server";
import { getStorage, profilePictureKey } from "~/server/storage/index.server";

// What the site keeps about a member beyond Better Auth's account (SPEC §3): the profile created
// with the account, the generated initials avatar, admin grants from ADMIN_EMAILS, and a
// login_history row per sign-in.

export interface NewMemberDetails {
  userId: string;
  email: string;
  firstName: string;
  lastName: string | null;
  phone: string | null;
  termsAccepted: boolean;
  /** SPEC §9: the page the member signed up on, as signupSourceFromPath() names it. */
  signupSource: string;
  avatarUrl: string | null;
  /** Made an administrator at sign-up (ADMIN_EMAILS). */
  admin: boolean;
  /** The sign-up is also the first sign-in. */
  login: LoginDetails;
}

export interface LoginDetails {
  ipAddress: string | null;
  location: string | null;
}

/** ADMIN_EMAILS ("a@x.com, B@y.com") holds the address, ignoring case and spaces. */
export function isAdminEmail(email: string, adminEmails: string | null | undefined): boolean {
  const wanted = email.trim().toLowerCase();
  return (adminEmails ?? "")
    .split(",")
    .map((e) => e.trim().toLowerCase())
    .some((e) => e.length > 0 && e === wanted);
}

/**
 * Writes the profile, the admin grant and the first login of a new account. Pass the
 * transaction that created the user, so all of it commits or none of it does.
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
    signupSource: member.signupSource,
    initialSignup: member.signupSource,
  });
  if (member.admin) {
    await grantAdmin(tx, member.userId, {
      adminId: null,
      details: {
        user_email: member.email,
        user_name: [member.firstName, member.lastName].filter(Boolean).join(" "),
        source: "ADMIN_EMAILS",
      },
    });
  }
  await recordLogin(tx, member.userId, member.login);
}

export async function recordLogin(db: Queryable, userId: string, login: LoginDetails): Promise<void> {
  await db.insert(loginHistory).values({ userId, ipAddress: login.ipAddress, location: login.location });
}

/**
 * Renders the initials avatar of SPEC §3 and stores it at profile-pictures/<user id>/<timestamp>.svg.
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
 * SPEC §4 "Avatar": a member whose profile has no avatar but has a first name gets an initials
 * avatar. Returns its URL, or null when another request gave her one first (that file is removed).
 */
export async function generateMissingAvatar(
  db: Queryable,
  member: { userId: string; firstName: string; lastName: string | null },
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
