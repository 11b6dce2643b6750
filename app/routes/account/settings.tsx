import type { Route } from "./+types/settings";
import { PageHero } from "~/components/page-hero";
import { Alert } from "~/components/ui/alert";
import { AccountActionsCard } from "~/components/settings/account-actions-card";
import { AccountStatusCard } from "~/components/settings/account-status-card";
import { LoginActivityCard } from "~/components/settings/login-activity-card";
import { NotificationsCard } from "~/components/settings/notifications-card";
import { PaymentHistoryCard } from "~/components/settings/payment-history-card";
import { ProfileCard } from "~/components/settings/profile-card";
import { SecurityCard } from "~/components/settings/security-card";
import { SettingsEvents } from "~/components/settings/settings-events";
import { SETTINGS_TEXT, type SettingsActionResult, type SettingsIntent } from "~/components/settings/settings-form";
import { deleteOwnAccount } from "~/server/account/delete-account.server";
import { requestEmailChange, resendVerificationEmail } from "~/server/account/email-change.server";
import { loadSettings, saveAvatar, updateEmailNotifications, updateMemberName } from "~/server/account/settings.server";
import { sendAdminConfirmationLink } from "~/server/auth/email-verification.server";
import { adminConfirmationNeeded, requireUser } from "~/server/auth/guards.server";
import { callAuthEndpoint, setCookieHeaders } from "~/server/auth/requests.server";
import type { SessionUser } from "~/server/auth/session.server";
import { logger } from "~/server/core/logger.server";
import { answerForm, formIntent, parseForm, readForm } from "~/server/http/form-action.server";
import { redirectWithToast, type FlashToastInput } from "~/server/core/toast.server";
import { AVATAR_UPLOAD_BODY_LIMIT } from "~/validation/settings";
import { verificationEmailAllowed } from "~/server/models/account-limits.server";
import { verifyCurrentSecret } from "~/server/account/reauth.server";
import {
  AVATAR_SIZE_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  CURRENT_SECRET_TEXT,
  currentSecretSchema,
  EmailChangeSchema,
  NameSchema,
  NotificationSchema,
} from "~/validation/settings";
import { parseFirst } from "~/validation/first-error";
import { ADMIN_CONFIRM_TEXT } from "~/utils/auth-result";
import { seo } from "~/utils/seo";

// /settings (docs/product.md §9, §11.6; docs/product.md §12, §9.2, §7.10, §9.8, §7.5). Server-rendered from the loader,
// so the page never waits in the browser for its data. One action with an `intent` field; every
// intent is guarded by requireUser and writes only its own columns of the signed-in member's own
// rows (the member's id comes from the session, never from the form). Decisions:
// docs/decisions/080-settings-page.md and the two after it.

// docs/product.md §12: /settings is guarded on the server: a signed-out visitor is sent home.
export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const settings = await loadSettings(user.id, user.settingsVersion).catch((error: unknown) => {
    logger.error("could not load the settings page", { error, userId: user.id });
    return null;
  });
  const event: "email-changed" | "email-change-failed" | null =
    url.searchParams.get("event") === "email-changed" ? (url.searchParams.get("error") ? "email-change-failed" : "email-changed") : null;
  return {
    settings,
    event,
    confirmDelete: url.searchParams.get("delete") === "confirm",
    security: { email: user.email, twoFactorEnabled: user.twoFactorEnabled },
    // docs/product.md §7.10: ADMIN_EMAILS lists her address, which opens the dashboard once confirmed.
    adminConfirmationNeeded: await adminConfirmationNeeded(user).catch(() => false),
  };
}

const INTENTS: readonly SettingsIntent[] = ["avatar", "name", "email", "notifications", "resend-verification", "delete"];

type Outcome = { status: number; result: SettingsActionResult };

const success = (intent: SettingsIntent, title: string | null, description: string | null = null): Outcome => ({
  status: 200,
  result: { ok: true, intent, title, description },
});
const failure = (intent: SettingsIntent | null, message: string, status = 400, title: string = SETTINGS_TEXT.error, field?: "currentPassword"): Outcome => ({
  status,
  result: { ok: false, intent, title, message, ...(field ? { field } : {}) },
});
const invalid = (intent: SettingsIntent, message: string, status = 400) => failure(intent, message, status, SETTINGS_TEXT.validationError);

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(request);
  // The browser's fetcher posts to /settings?js=1 and reads the answer; a plain form (no
  // JavaScript) posts to /settings and is sent back to the page with a flash toast.
  const read = await readForm(request, { maxBytes: AVATAR_UPLOAD_BODY_LIMIT, tooLargeMessage: AVATAR_SIZE_MESSAGE });
  const js = read.fetcher;
  if (!read.ok) {
    // Only an avatar upload can be this large.
    const outcome = read.status === 413 ? invalid("avatar", read.message, 413) : failure(null, read.message, read.status);
    return answer(outcome, js);
  }
  const form = read.form;
  const intent = formIntent(form, INTENTS);
  if (!intent) return answer(failure(null, "Unknown action."), js);

  if (intent === "delete") {
    // docs/product.md §9.2: a session alone never deletes the account.
    const asked = await askedAgain("delete", form, user, request, context).catch((error: unknown) => {
      logger.error("settings: could not check the password before deleting", { error, userId: user.id });
      return failure("delete", SETTINGS_TEXT.deleteFailed, 500);
    });
    // Without JavaScript she goes back to the question, to try her password again.
    if (asked) return answer(asked, js, asked.result.ok || !asked.result.field ? "/settings" : "/settings?delete=confirm#account-actions");
    const result = await deleteOwnAccount(user.id);
    if (!result.ok) return answer(failure("delete", result.message, result.reason === "last_admin" ? 409 : 500), js);
    let headers = new Headers();
    try {
      headers = setCookieHeaders(await callAuthEndpoint(request, context, "/sign-out", {}));
    } catch (error) {
      logger.warn("could not clear the session cookie of a deleted account", { error });
    }
    return redirectWithToast(
      "/",
      { title: SETTINGS_TEXT.accountDeletedTitle, description: SETTINGS_TEXT.accountDeleted, variant: "success" },
      { headers },
    );
  }

  let outcome: Outcome;
  try {
    outcome = await runIntent(intent, form, user, request, context);
  } catch (error) {
    logger.error("settings action failed", { error, intent, userId: user.id });
    outcome = failure(intent, "Something went wrong on our side. Please try again.", 500);
  }
  return answer(outcome, js);
}

/**
 * Her current password (or two-factor code) for the changes a stolen session must not make
 * alone (docs/product.md §9.2). Null when it is right; otherwise the refusal.
 */
async function askedAgain(
  intent: "email" | "delete",
  form: FormData,
  user: SessionUser,
  request: Request,
  context: Route.ActionArgs["context"],
): Promise<Outcome | null> {
  const parsed = parseFirst(currentSecretSchema(user.twoFactorEnabled), { currentPassword: form.get("currentPassword") ?? undefined });
  if (!parsed.ok) return failure(intent, parsed.error, 400, SETTINGS_TEXT.validationError, "currentPassword");
  const checked = await verifyCurrentSecret(request, context, user, parsed.data.currentPassword);
  if (checked.ok) return null;
  if (checked.reason === "too-many") return failure(intent, CURRENT_SECRET_TEXT.tooMany, 429, SETTINGS_TEXT.error, "currentPassword");
  const wrong = user.twoFactorEnabled ? CURRENT_SECRET_TEXT.wrongSecret : CURRENT_SECRET_TEXT.wrongPassword;
  return failure(intent, wrong, 400, SETTINGS_TEXT.error, "currentPassword");
}

async function runIntent(
  intent: Exclude<SettingsIntent, "delete">,
  form: FormData,
  user: SessionUser,
  request: Request,
  context: Route.ActionArgs["context"],
): Promise<Outcome> {
  switch (intent) {
    case "avatar": {
      const file = form.get("avatar");
      if (!(file instanceof File) || file.size === 0) return invalid("avatar", AVATAR_TYPE_MESSAGE);
      const saved = await saveAvatar(user.id, file);
      if (!saved.ok) return saved.status === 429 ? failure("avatar", saved.error, 429) : invalid("avatar", saved.error);
      return success("avatar", SETTINGS_TEXT.success, SETTINGS_TEXT.avatarUpdated);
    }
    case "name": {
      const parsed = parseForm(form, NameSchema);
      if (!parsed.ok) return invalid("name", parsed.error);
      if (!(await updateMemberName(user.id, parsed.data.name))) return failure("name", SETTINGS_TEXT.loadFailed, 404);
      return success("name", SETTINGS_TEXT.success, SETTINGS_TEXT.nameUpdated);
    }
    case "email": {
      const raw = form.get("email");
      const value = typeof raw === "string" ? raw.trim() : "";
      // docs/product.md §11.6: does nothing if empty or equal to the current address.
      if (!value || value.toLowerCase() === user.email.toLowerCase()) return success("email", null);
      const parsed = parseFirst(EmailChangeSchema, { email: value });
      if (!parsed.ok) return invalid("email", parsed.error);
      // docs/product.md §9.2: a session alone never changes the address.
      const asked = await askedAgain("email", form, user, request, context);
      if (asked) return asked;
      await requestEmailChange(user, parsed.data.email);
      return success("email", SETTINGS_TEXT.success, SETTINGS_TEXT.emailInitiated);
    }
    case "notifications": {
      const parsed = parseForm(form, NotificationSchema);
      if (!parsed.ok) return invalid("notifications", parsed.error);
      if (!(await updateEmailNotifications(user.id, parsed.data.enabled))) return failure("notifications", SETTINGS_TEXT.loadFailed, 404);
      return success(
        "notifications",
        SETTINGS_TEXT.success,
        parsed.data.enabled ? SETTINGS_TEXT.notificationsEnabled : SETTINGS_TEXT.notificationsDisabled,
      );
    }
    case "resend-verification": {
      // A verified address is sent a link only for the ADMIN_EMAILS confirmation (docs/product.md §7.10).
      const forAdmin = user.emailVerified && (await adminConfirmationNeeded(user));
      if (user.emailVerified && !forAdmin) return success("resend-verification", null);
      // Her own address: no secret in saying that this hour's emails are spent (three at most).
      if (!(await verificationEmailAllowed(user.email))) return failure("resend-verification", SETTINGS_TEXT.verificationLimit, 429);
      const sent = forAdmin ? await sendAdminConfirmationLink({ id: user.id, email: user.email, name: user.firstName }) : await resendVerificationEmail(request, context, user.email);
      if (!sent.ok) return failure("resend-verification", sent.message ?? SETTINGS_TEXT.error, 400);
      return success("resend-verification", SETTINGS_TEXT.success, SETTINGS_TEXT.verificationSent);
    }
  }
}

/** With JavaScript: the result for the fetcher. Without: back to the page with a flash toast. */
function answer({ status, result }: Outcome, js: boolean, page = "/settings") {
  const toast: FlashToastInput = result.ok
    ? result.title
      ? { title: result.title, description: result.description ?? undefined, variant: "success" }
      : { title: "No changes", description: "Nothing needed saving.", variant: "info" }
    : { title: result.title, description: result.message, variant: "destructive" };
  return answerForm(js, { status, result, redirectTo: result.ok ? "/settings" : page, toast });
}

export default function Settings({ loaderData }: Route.ComponentProps) {
  const { settings, event, confirmDelete, security, adminConfirmationNeeded } = loaderData;
  return (
    <main id="main">
      <PageHero title="Account Settings" intro="Manage your profile, security and preferences." />
      <SettingsEvents event={event} />
      {adminConfirmationNeeded ? (
        <div className="container-page pt-10 sm:pt-14">
          <Alert variant="info" role="status" title={ADMIN_CONFIRM_TEXT.title}>
            {ADMIN_CONFIRM_TEXT.message}
          </Alert>
        </div>
      ) : null}
      <div className="container-page grid gap-6 py-10 sm:py-14 lg:grid-cols-2 lg:items-start">
        {settings ? (
          <>
            <div className="flex flex-col gap-6">
              <ProfileCard profile={settings.profile} twoFactorEnabled={security.twoFactorEnabled} />
              <SecurityCard user={{ email: security.email, twoFactorEnabled: security.twoFactorEnabled }} />
              <NotificationsCard enabled={settings.profile.emailNotifications} />
              <AccountStatusCard profile={settings.profile} adminConfirmationNeeded={adminConfirmationNeeded} />
            </div>
            <div className="flex flex-col gap-6">
              <LoginActivityCard logins={settings.logins} />
              <PaymentHistoryCard purchases={settings.purchases} subscriptions={settings.subscriptions} />
              <div id="account-actions">
                <AccountActionsCard confirmDelete={confirmDelete} twoFactorEnabled={security.twoFactorEnabled} />
              </div>
            </div>
          </>
        ) : (
          <p role="alert" className="rounded-2xl border border-danger-200 bg-danger-50 p-4 text-danger-800">
            {SETTINGS_TEXT.loadFailed}
          </p>
        )}
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Settings", description: "Account Settings", noindex: true });
}
