import type { SessionUser } from "~/server/auth/session.server";
import { deleteUserAccount, LAST_ADMIN_MESSAGE } from "~/server/account/delete-account.server";
import type { Database } from "~/server/db/client.server";
import { formIntent, parseIntentForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { grantAdmin, revokeAdmin } from "~/server/models/roles.server";
import type { FlashToastInput } from "~/server/core/toast.server";
import {
  ADMIN_INTENTS,
  ADMIN_TEXT,
  DeleteUserFormSchema,
  GiveAccessFormSchema,
  ToggleAdminFormSchema,
  UpdateUserFormSchema,
  type AdminActionFailure,
  type AdminIntent,
} from "~/validation/admin";
import { findMember, memberDetails, updateMemberNames } from "./users.server";
import { givePlace } from "~/server/payments/given-places.server";
import { getDb } from "~/server/db/client.server";
import { z } from "~/validation/zod";

// The Users tab's actions (docs/product.md §10.3–§10.6, §11.7; §7.10).
// The route has already checked the admin (requireAdmin) and read the form (readForm, the pipeline of
// app/server/http/form-action.server.ts). The form is parsed once, with one schema made of the
// forms' schemas in app/validation/admin.ts; each action writes only the columns it owns, and its
// admin_activity_log entry in the same transaction as the change. Decision: docs/decisions/112-admin-user-management.md.

export type AdminActionOutcome =
  | { ok: true; toast: FlashToastInput; /** Where to go instead of back to the list. */ goTo?: string }
  | { ok: false; status: number; failure: AdminActionFailure };

const fail = (intent: AdminIntent | null, status: number, message: string, title: string = ADMIN_TEXT.error): AdminActionOutcome => ({
  ok: false,
  status,
  failure: { ok: false, intent, title, message },
});

const done = (description: string, goTo?: string): AdminActionOutcome => ({
  ok: true,
  toast: { title: ADMIN_TEXT.success, description, variant: "success" },
  goTo,
});

/** The tab's three forms in one schema, parsed once per request. */
const AdminFormSchema = z.discriminatedUnion(
  "intent",
  [
    UpdateUserFormSchema.safeExtend({ intent: z.literal("update-user") }),
    ToggleAdminFormSchema.safeExtend({ intent: z.literal("toggle-admin") }),
    DeleteUserFormSchema.safeExtend({ intent: z.literal("delete-user") }),
    GiveAccessFormSchema.safeExtend({ intent: z.literal("give-access") }),
  ],
  { error: "Unknown action." },
);
type AdminForm<I extends AdminIntent> = Extract<z.output<typeof AdminFormSchema>, { intent: I }>;

export async function runAdminAction(db: Database, admin: SessionUser, form: FormData): Promise<AdminActionOutcome> {
  const intent = formIntent(form, ADMIN_INTENTS);
  if (!intent) return fail(null, 400, "Unknown action.");
  const parsed = parseIntentForm(form, AdminFormSchema);
  if (!parsed.ok) return fail(intent, 400, parsed.message, "Validation Error");
  const posted = parsed.data;
  switch (posted.intent) {
    case "update-user":
      return updateUser(db, admin, posted);
    case "toggle-admin":
      return toggleAdmin(db, admin, posted);
    case "delete-user":
      return deleteUser(db, admin, posted);
    case "give-access":
      return giveAccess(admin, posted);
  }
}

async function giveAccess(admin: SessionUser, { userId, productKey }: AdminForm<"give-access">): Promise<AdminActionOutcome> {
  try {
    const outcome = await givePlace(admin.id, userId, productKey);
    if (!outcome.ok) return fail("give-access", 404, outcome.message);
    if (!outcome.given) return { ok: true, toast: { title: "Already given", description: `She already has a place on ${outcome.productName} from you.`, variant: "info" } };
    return done(`A place on ${outcome.productName} is hers. She has been emailed the way in.`);
  } catch (error) {
    logger.error("admin: could not give a place", { error, adminId: admin.id, userId });
    return fail("give-access", 500, "The place could not be given just now. Please try again in a moment.");
  }
}

async function updateUser(db: Database, admin: SessionUser, { userId, firstName, lastName }: AdminForm<"update-user">): Promise<AdminActionOutcome> {
  try {
    const result = await updateMemberNames(db, admin.id, userId, { firstName, lastName });
    if (result === "not_found") return fail("update-user", 404, ADMIN_TEXT.notFound, ADMIN_TEXT.updateFailed);
    if (result === "unchanged") return { ok: true, toast: { title: ADMIN_TEXT.noChanges, description: ADMIN_TEXT.noChangesText, variant: "info" } };
    logger.info("admin updated a member's name", { adminId: admin.id, userId });
    return done(ADMIN_TEXT.updated);
  } catch (error) {
    logger.error("admin: could not update a member", { error, adminId: admin.id, userId });
    return fail("update-user", 500, ADMIN_TEXT.updateFailed);
  }
}

async function toggleAdmin(db: Database, admin: SessionUser, { userId }: AdminForm<"toggle-admin">): Promise<AdminActionOutcome> {
  try {
    const member = await findMember(db, userId);
    if (!member) return fail("toggle-admin", 404, ADMIN_TEXT.notFound, ADMIN_TEXT.adminFailed);
    const audit = { adminId: admin.id, details: memberDetails(member) };
    if (!member.isAdmin) {
      const result = await grantAdmin(db, userId, audit);
      if (result === "user_not_found") return fail("toggle-admin", 404, ADMIN_TEXT.notFound, ADMIN_TEXT.adminFailed);
      logger.info("admin granted admin access", { adminId: admin.id, userId });
      return done(ADMIN_TEXT.granted(member.firstName));
    }
    const result = await revokeAdmin(db, userId, audit);
    // docs/product.md §7.10: only the last administrator herself can be here (nobody else is an admin).
    if (result === "last_admin") return fail("toggle-admin", 409, ADMIN_TEXT.lastAdminRole, ADMIN_TEXT.adminFailed);
    logger.info("admin removed admin access", { adminId: admin.id, userId });
    // She removed her own access: the dashboard is closed to her now, her settings are not.
    return done(ADMIN_TEXT.removed(member.firstName), userId === admin.id ? "/settings" : undefined);
  } catch (error) {
    logger.error("admin: could not change admin status", { error, adminId: admin.id, userId });
    return fail("toggle-admin", 500, ADMIN_TEXT.adminFailed);
  }
}

async function deleteUser(db: Database, admin: SessionUser, { userId }: AdminForm<"delete-user">): Promise<AdminActionOutcome> {
  let member;
  try {
    member = await findMember(db, userId);
  } catch (error) {
    logger.error("admin: could not read a member to delete", { error, adminId: admin.id, userId });
    return fail("delete-user", 500, ADMIN_TEXT.deleteFailed);
  }
  if (!member) return fail("delete-user", 404, ADMIN_TEXT.notFound, ADMIN_TEXT.deleteFailed);
  const outcome = await deleteUserAccount(userId, { audit: { adminId: admin.id, details: memberDetails(member) } });
  switch (outcome) {
    case "deleted":
      // Deleting her own account signed her out everywhere (her sessions went with it).
      return done(ADMIN_TEXT.deleted, userId === admin.id ? "/" : undefined);
    case "not_found":
      return fail("delete-user", 404, ADMIN_TEXT.notFound, ADMIN_TEXT.deleteFailed);
    case "last_admin":
      return fail("delete-user", 409, LAST_ADMIN_MESSAGE, ADMIN_TEXT.deleteFailed);
    case "failed":
      return fail("delete-user", 500, ADMIN_TEXT.deleteFailed);
  }
}

// ─── For the dashboard's routes (app/routes/admin/), with the site's database ───────────────────

/** One of the Users tab's actions (docs/product.md §10.3–§10.6). */
export function runUsersTabAction(admin: SessionUser, form: FormData): Promise<AdminActionOutcome> {
  return runAdminAction(getDb(), admin, form);
}
