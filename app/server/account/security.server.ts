import type { AppLoadContext, data } from "react-router";
import { SIGN_IN_PAUSED_CODE, SIGN_IN_PAUSED_MESSAGE } from "~/server/auth/context.server";
import { requireUser } from "~/server/auth/guards.server";
import { callAuthEndpoint, setCookieHeaders } from "~/server/auth/requests.server";
import type { SessionUser } from "~/server/auth/session.server";
import { answerForm, formIntent, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { formToObject, parseFirst } from "~/validation/first-error";
import {
  SECURITY_INTENTS,
  SECURITY_TEXT,
  securityFailureTitle,
  SecurityPasswordSchema,
  TotpSetupCodeSchema,
  type SecurityActionResult,
  type SecurityIntent,
  type TwoFactorSetup,
} from "~/validation/security";
import { PasswordChangeSchema } from "~/validation/settings";

// POST /settings/security: the Security card's actions (docs/product.md §9.3, §11.6 and §7.7).
// Every intent checks the session first and acts only on the signed-in member, through Better
// Auth's own endpoints (so its password check, rate limits and CSRF checks apply). Bad input is refused with 4xx and the documented message before
// Better Auth is called, so nothing changes.
//
// The fetcher posts `js=1` and gets JSON; a plain form post (no JavaScript yet) gets a redirect
// back to /settings with the same words in a flash toast. The schemas, texts and answer types
// live in validation/security.ts, so browser and server share them.

type Reply = Response | ReturnType<typeof data<SecurityActionResult>>;

interface Posted {
  js: boolean;
  intent: SecurityIntent | null;
}


/** JSON for the fetcher (never cached: it may hold a secret); a redirect with a toast otherwise. */
async function reply(posted: Posted, result: SecurityActionResult, init: { status?: number; headers?: Headers } = {}): Promise<Reply> {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", "no-store");
  const toast = result.ok
    ? { title: "Success", description: result.message, variant: "success" as const }
    : { title: result.title, description: result.message, variant: "destructive" as const };
  return answerForm(posted.js, { status: init.status, result, redirectTo: "/settings", toast, headers, redirectStatus: 302 });
}

function fail(posted: Posted, kind: "validation" | "service" | "unexpected", message: string, status: number, headers?: Headers) {
  return reply(posted, { ok: false, intent: posted.intent, kind, title: securityFailureTitle(posted.intent, kind), message }, { status, headers });
}

/** Better Auth's error answer in the card's words. */
async function serviceFailure(posted: Posted, response: Response) {
  if (response.status === 429) {
    // Too many wrong passwords for her account, from anywhere (docs/security.md "Accounts and
    // sign-in"; decision 247), or too many requests from this visitor.
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    return fail(posted, "service", body?.code === SIGN_IN_PAUSED_CODE ? SIGN_IN_PAUSED_MESSAGE : SECURITY_TEXT.tooManyAttempts, 429);
  }
  if (response.status >= 500) return fail(posted, "unexpected", SECURITY_TEXT.unexpected, 500);
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  const code = body?.code ?? "";
  const byCode: Record<string, string> = {
    INVALID_PASSWORD: SECURITY_TEXT.wrongPassword,
    INVALID_CODE: SECURITY_TEXT.wrongCode,
    TOTP_ALREADY_ENABLED: SECURITY_TEXT.alreadyOn,
    TWO_FACTOR_NOT_ENABLED: SECURITY_TEXT.notOn,
    TOTP_NOT_ENABLED: SECURITY_TEXT.noSetup,
  };
  const message = byCode[code] ?? (body?.message?.trim() || "Something went wrong. Please try again.");
  // A 401 from Better Auth here means the session ended meanwhile; say so plainly.
  const status = response.status === 401 && !byCode[code] ? 401 : 400;
  return fail(posted, "service", status === 401 ? SECURITY_TEXT.sessionEnded : message, status, setCookieHeaders(response));
}

/** The otpauth:// URI's secret, for members who type it into their app instead of scanning. */
function secretOf(totpURI: string): string {
  const secret = new URL(totpURI).searchParams.get("secret") ?? "";
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

async function qrCodeOf(totpURI: string): Promise<string> {
  const QRCode = (await import("qrcode")).default;
  const svg = await QRCode.toString(totpURI, { type: "svg", errorCorrectionLevel: "M", margin: 2, color: { dark: "#1f1a17", light: "#ffffff" } });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

async function run(request: Request, context: AppLoadContext | undefined, user: SessionUser, posted: Posted, input: Record<string, string>): Promise<Reply> {
  switch (posted.intent) {
    case "change-password": {
      const parsed = parseFirst(PasswordChangeSchema, input);
      if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
      const response = await callAuthEndpoint(request, context, "/change-password", {
        currentPassword: parsed.data.currentPassword,
        newPassword: parsed.data.newPassword,
        // Every other device is signed out; this one gets a fresh session cookie.
        revokeOtherSessions: true,
      });
      if (!response.ok) return serviceFailure(posted, response);
      return reply(posted, { ok: true, intent: posted.intent, message: SECURITY_TEXT.passwordUpdated }, { headers: setCookieHeaders(response) });
    }
    case "enable-two-factor": {
      if (!posted.js) return fail(posted, "validation", SECURITY_TEXT.noJavaScript, 400);
      if (user.twoFactorEnabled) return fail(posted, "service", SECURITY_TEXT.alreadyOn, 409);
      const parsed = parseFirst(SecurityPasswordSchema, input);
      if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
      // Better Auth stores an unverified secret; two-factor is on only once a code confirms it.
      const response = await callAuthEndpoint(request, context, "/two-factor/enable", { password: parsed.data.password });
      if (!response.ok) return serviceFailure(posted, response);
      const body = (await response.json()) as { totpURI: string; backupCodes: string[] };
      const setup: TwoFactorSetup = { qrCode: await qrCodeOf(body.totpURI), secret: secretOf(body.totpURI), backupCodes: body.backupCodes };
      return reply(posted, { ok: true, intent: posted.intent, message: SECURITY_TEXT.setupStarted, setup }, { headers: setCookieHeaders(response) });
    }
    case "verify-two-factor": {
      if (user.twoFactorEnabled) return fail(posted, "service", SECURITY_TEXT.alreadyOn, 409);
      const parsed = parseFirst(TotpSetupCodeSchema, input);
      if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
      const response = await callAuthEndpoint(request, context, "/two-factor/verify-totp", { code: parsed.data.code, trustDevice: false });
      if (!response.ok) return serviceFailure(posted, response);
      // Better Auth replaces the session when it turns two-factor on: pass the new cookie on.
      return reply(posted, { ok: true, intent: posted.intent, message: SECURITY_TEXT.enabled }, { headers: setCookieHeaders(response) });
    }
    case "disable-two-factor": {
      if (!user.twoFactorEnabled) return fail(posted, "service", SECURITY_TEXT.notOn, 409);
      const parsed = parseFirst(SecurityPasswordSchema, input);
      if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
      const response = await callAuthEndpoint(request, context, "/two-factor/disable", { password: parsed.data.password });
      if (!response.ok) return serviceFailure(posted, response);
      return reply(posted, { ok: true, intent: posted.intent, message: SECURITY_TEXT.disabled }, { headers: setCookieHeaders(response) });
    }
    case "regenerate-backup-codes": {
      if (!posted.js) return fail(posted, "validation", SECURITY_TEXT.noJavaScript, 400);
      if (!user.twoFactorEnabled) return fail(posted, "service", SECURITY_TEXT.notOn, 409);
      const parsed = parseFirst(SecurityPasswordSchema, input);
      if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
      const response = await callAuthEndpoint(request, context, "/two-factor/generate-backup-codes", { password: parsed.data.password });
      if (!response.ok) return serviceFailure(posted, response);
      const body = (await response.json()) as { backupCodes: string[] };
      return reply(
        posted,
        { ok: true, intent: posted.intent, message: SECURITY_TEXT.backupCodes, backupCodes: body.backupCodes },
        { headers: setCookieHeaders(response) },
      );
    }
    case null:
      return fail(posted, "validation", SECURITY_TEXT.badForm, 400);
  }
}

/** The action of /settings/security. A signed-out visitor is sent home; nothing changes. */
export async function handleSecurityAction(request: Request, context: AppLoadContext | undefined): Promise<Reply> {
  const user = await requireUser(request);
  const read = await readForm(request);
  if (!read.ok) return fail({ js: true, intent: null }, "validation", SECURITY_TEXT.badForm, read.status);
  const posted: Posted = { js: read.fetcher, intent: formIntent(read.form, SECURITY_INTENTS) };
  try {
    return await run(request, context, user, posted, formToObject(read.form));
  } catch (error) {
    logger.error("security action failed", { error, intent: posted.intent, userId: user.id });
    return fail(posted, "unexpected", SECURITY_TEXT.unexpected, 500);
  }
}
