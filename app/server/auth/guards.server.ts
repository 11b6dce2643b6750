import { redirect } from "react-router";
import { getServerEnv } from "~/config/env.server";
import { getDb } from "~/server/db/client.server";
import { adminEmailUnused, isAdminEmail } from "~/server/models/roles.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { ADMIN_CONFIRM_TEXT } from "~/utils/auth-result";
import { safeRedirect } from "~/utils/safe-redirect";
import { getSessionUser, type SessionUser } from "./session.server";

// Guards (docs/product.md §12): the first line of every loader and action that needs a member or an
// administrator.

export const ADMIN_SIGN_IN_MESSAGE = "Please sign in to access the admin dashboard";
export const ADMIN_DENIED_MESSAGE = "Access denied. Admin privileges required.";

/** The signed-in user; a signed-out visitor is sent home. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) throw redirect("/");
  return user;
}

/**
 * docs/product.md §7.10: her address is in ADMIN_EMAILS and still unused there, so it makes her an
 * administrator as soon as she confirms it while logged in (verified or not: a confirmation
 * without her session granted nothing, decision 246).
 */
export async function adminConfirmationNeeded(user: SessionUser): Promise<boolean> {
  if (user.isAdmin || !isAdminEmail(user.email, getServerEnv().ADMIN_EMAILS)) return false;
  return adminEmailUnused(getDb(), user.email);
}

export const ADMIN_DASHBOARD_PATH = "/settings/admin";

/**
 * Where a signed-out visitor to an admin address goes after logging in: the page she asked for
 * (only a same-site path), or the dashboard after a form post (its form is gone by then).
 */
function afterAdminLogIn(request: Request): string {
  if (request.method !== "GET" && request.method !== "HEAD") return ADMIN_DASHBOARD_PATH;
  const url = new URL(request.url);
  // A client-side navigation asks for the page's data (/settings/admin.data?_routes=…).
  url.pathname = url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return safeRedirect(url.pathname + url.search, ADMIN_DASHBOARD_PATH);
}

/**
 * A signed-in admin (docs/product.md §12). A signed-out visitor is sent to the log-in form, which
 * brings her back to the page she asked for; a member who is not an administrator is sent home.
 */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const logIn = `/auth?${new URLSearchParams({ mode: "log-in", redirectTo: afterAdminLogIn(request) })}`;
    throw await redirectWithToast(logIn, { title: "Please log in", description: ADMIN_SIGN_IN_MESSAGE, variant: "info" });
  }
  // Listed in ADMIN_EMAILS but not yet confirmed: her settings say what to do.
  if (!user.isAdmin && (await adminConfirmationNeeded(user))) {
    throw await redirectWithToast("/settings", { title: ADMIN_CONFIRM_TEXT.title, description: ADMIN_CONFIRM_TEXT.toast, variant: "info" });
  }
  if (!user.isAdmin) {
    throw await redirectWithToast("/", { title: "Error", description: ADMIN_DENIED_MESSAGE, variant: "destructive" });
  }
  return user;
}

/** For pages only a signed-out visitor needs (the log-in page): a member is sent home. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/");
}
