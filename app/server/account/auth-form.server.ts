import { data, redirect, type AppLoadContext } from "react-router";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { checkoutVisitor } from "~/server/analytics/record.server";
import { clientIpOf } from "~/server/core/client-ip.server";
import { PLAN_FIELD, PLAN_INSTALMENTS } from "~/config/instalments";
import { SIGN_IN_PAUSED_CODE, SIGN_IN_PAUSED_MESSAGE } from "~/server/auth/context.server";
import { callAuthEndpoint, setCookieHeaders, signUpMember } from "~/server/auth/requests.server";
import { getDb } from "~/server/db/client.server";
import { readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { findUserByEmail } from "~/server/models/roles.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { redirectWithToast, type FlashToastInput } from "~/server/core/toast.server";
import {
  ACCOUNT_EXISTS_TEXT,
  AUTH_TEXT,
  HONEYPOT_FIELD,
  parseAuthMode,
  type AuthActionResult,
  type AuthIntent,
  type AuthMode,
} from "~/utils/auth-result";
import { safeRedirect } from "~/utils/safe-redirect";
import { signupSourceFromPath } from "~/utils/signup-source";
import { LoginSchema, SignupSchema } from "~/validation/auth";
import { formToObject, parseFirst } from "~/validation/first-error";
import { FORGOT_PASSWORD_SENT, ForgotPasswordSchema } from "~/validation/password-reset";
import { isTotpCode, TwoFactorCodeSchema } from "~/validation/two-factor";

// The one action behind the auth form (docs/product.md §7.1, §11.3): /auth for the form of the
// pages that hydrate and for plain form posts, /api/auth-form for the login dialog of the pages
// that do not. It parses with the same Zod schemas as the browser and changes nothing on bad
// input, then calls Better Auth through its HTTP handler (so rate limits and CSRF checks apply)
// and passes its session cookie on to the browser.

type ReplyInit = { status?: number; headers?: Headers };

interface Posted {
  /** "json": a JSON response; true: data for the fetcher; false: a redirect (no JavaScript). */
  js: boolean | "json";
  mode: AuthMode;
  redirectTo: string;
  intent: AuthIntent;
  /** The page's path (React Router's normalised URL, without `.data`), for the log. */
  path: string;
  /** The request and her address, to count the checkout it may start (docs/analytics.md). */
  request: Request;
  ip: string | null;
}

const INTENT_KEY = /^intent\.([A-Za-z][A-Za-z0-9_]{0,39})$/;

/** The `intent.*` fields a page posted along (at most 10 short strings). */
function readIntent(form: FormData): AuthIntent {
  const intent: AuthIntent = {};
  for (const [name, value] of form) {
    const key = INTENT_KEY.exec(name)?.[1];
    if (!key || typeof value !== "string" || value.length > 200 || key in intent) continue;
    if (Object.keys(intent).length >= 10) break;
    intent[key] = value;
  }
  return intent;
}

function successToast(kind: "signed-up" | "signed-in"): FlashToastInput {
  return {
    title: AUTH_TEXT.success,
    description: kind === "signed-up" ? AUTH_TEXT.accountCreated : AUTH_TEXT.signedIn,
    variant: "success",
  };
}

function authPageUrl(mode: AuthMode, redirectTo: string): string {
  const params = new URLSearchParams({ mode });
  if (redirectTo !== "/") params.set("redirectTo", redirectTo);
  return `/auth?${params}`;
}

/** JSON for the fetcher; a redirect with the same words as a flash toast for a plain form post. */
async function reply(posted: Posted, result: AuthActionResult, init: ReplyInit = {}) {
  if (posted.js === "json") return Response.json(result, init);
  if (posted.js) return data(result, init);
  const headers = init.headers;
  // A checkout page's form without JavaScript: payment starts straight after sign-up or log-in,
  // as the fetcher does in the browser (docs/product.md §8.2). With JavaScript the page starts it itself.
  if (result.ok && (result.kind === "signed-in" || result.kind === "signed-up") && result.intent?.productKey) {
    const started = await startCheckout({
      user: result.user,
      productKey: result.intent.productKey,
      from: posted.path,
      promotionCode: result.intent.promotionCode ?? null,
      payInInstalments: result.intent[PLAN_FIELD] === PLAN_INSTALMENTS,
      visitor: await checkoutVisitor(getDb(), posted.request, posted.ip, getServerEnv().SITE_ORIGIN),
    });
    if ("url" in started) return redirect(started.url, { headers });
    return redirectWithToast(result.redirectTo, { title: AUTH_TEXT.error, description: started.error, variant: "destructive" }, { headers });
  }
  if (result.ok) {
    switch (result.kind) {
      case "signed-in":
      case "signed-up":
        return redirectWithToast(result.redirectTo, successToast(result.kind), { headers });
      case "two-factor-required":
        return redirectWithToast(
          authPageUrl("two-factor", posted.redirectTo),
          { title: AUTH_TEXT.twoFactorTitle, description: AUTH_TEXT.twoFactorPrompt, variant: "info" },
          { headers },
        );
      case "reset-email-sent":
        return redirectWithToast(authPageUrl("log-in", posted.redirectTo), {
          title: AUTH_TEXT.resetEmailTitle,
          description: result.message,
          variant: "info",
        });
    }
  }
  if (result.kind === "account-exists") {
    return redirectWithToast(authPageUrl("log-in", posted.redirectTo), { title: ACCOUNT_EXISTS_TEXT.title, description: result.message, variant: "info" }, { headers });
  }
  const title = result.kind === "validation" ? AUTH_TEXT.validationError : AUTH_TEXT.error;
  const mode = result.message === AUTH_TEXT.twoFactorExpired ? "log-in" : posted.mode;
  return redirectWithToast(
    authPageUrl(mode, posted.redirectTo),
    { title, description: result.message, variant: "destructive" },
    { headers },
  );
}

function fail(posted: Posted, kind: "validation" | "service" | "unexpected", message: string, status: number, headers?: Headers) {
  return reply(posted, { ok: false, kind, message }, { status, headers });
}

/**
 * Turns a failed Better Auth response into the form's 'Error' toast (the service's message). A
 * sign-up that lost the race to another sign-up of the same address (its insert refused by the
 * unique address) is told she has an account, as a later one is.
 */
async function serviceFailure(posted: Posted, response: Response, signUpEmail?: string) {
  if (response.status === 429) {
    // Too many wrong passwords for this address, from anywhere (docs/security.md), or too many
    // requests from this visitor (Better Auth's per-IP limit).
    const body = (await response.json().catch(() => null)) as { code?: string } | null;
    return fail(posted, "service", body?.code === SIGN_IN_PAUSED_CODE ? SIGN_IN_PAUSED_MESSAGE : AUTH_TEXT.tooManyAttempts, 429);
  }
  if (response.status >= 500) return fail(posted, "unexpected", AUTH_TEXT.unexpected, 500);
  const body = (await response.json().catch(() => null)) as { message?: string; code?: string } | null;
  const lostTheRace = body?.code === "FAILED_TO_CREATE_USER" && !!signUpEmail && !!(await findUserByEmail(getDb(), signUpEmail));
  if (posted.mode === "sign-up" && (body?.code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL" || lostTheRace)) {
    return reply(posted, { ok: false, kind: "account-exists", message: ACCOUNT_EXISTS_TEXT.message }, { status: 409 });
  }
  if (body?.code === "INVALID_TWO_FACTOR_COOKIE") return fail(posted, "service", AUTH_TEXT.twoFactorExpired, 401);
  const message = body?.message?.trim() || "Something went wrong. Please try again.";
  return fail(posted, "service", message, response.status, setCookieHeaders(response));
}

/**
 * The /auth action. `format` "page": a fetcher (field js=1) gets the result as data, a plain form
 * post a redirect with a flash toast. "json": the result as a JSON response, for the login dialog
 * of the pages that do not hydrate (app/islands/login-island.tsx, through /api/auth-form).
 */
export async function handleAuthForm(
  { request, url, context }: { request: Request; url: URL; context: AppLoadContext },
  format: "page" | "json") {
  const read = await readForm(request);
  if (!read.ok) {
    const result: AuthActionResult = { ok: false, kind: "validation", message: "Please check the form and try again." };
    return format === "json" ? Response.json(result, { status: read.status }) : data(result, { status: read.status });
  }
  const { form } = read;
  const mode = parseAuthMode(form.get("mode"));
  const posted: Posted = {
    js: format === "json" ? "json" : read.fetcher,
    mode,
    redirectTo: safeRedirect(form.get("redirectTo"), "/"),
    intent: readIntent(form),
    path: url.pathname,
    request,
    ip: clientIpOf(context),
  };

  // A filled honeypot is a bot: the same answer as any bad input, and nothing is created.
  const honeypot = form.get(HONEYPOT_FIELD);
  if (typeof honeypot === "string" && honeypot.trim() !== "") {
    logger.info("auth form honeypot filled", { mode });
    return fail(posted, "validation", "Please check the form and try again.", 400);
  }

  const input = formToObject(form);
  try {
    switch (mode) {
      case "sign-up": {
        const parsed = parseFirst(SignupSchema, input);
        if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
        const response = await signUpMember(request, context, {
          ...parsed.data,
          termsAccepted: parsed.data.terms,
          marketingConsent: parsed.data.marketing,
          signupSource: signupSourceFromPath(input.sourcePath, getSiteConfig().catalogue),
        });
        if (!response.ok) return serviceFailure(posted, response, parsed.data.email);
        const body = (await response.json()) as { user: { id: string; email: string } };
        return reply(
          posted,
          { ok: true, kind: "signed-up", user: { id: body.user.id, email: body.user.email }, intent: posted.intent, redirectTo: posted.redirectTo },
          { headers: setCookieHeaders(response) },
        );
      }
      case "log-in": {
        const parsed = parseFirst(LoginSchema, input);
        if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
        const response = await callAuthEndpoint(request, context, "/sign-in/email", {
          email: parsed.data.email,
          password: parsed.data.password,
          rememberMe: true,
        });
        if (!response.ok) return serviceFailure(posted, response);
        const body = (await response.json()) as { twoFactorRedirect?: boolean; user?: { id: string; email: string } };
        const headers = setCookieHeaders(response);
        if (body.twoFactorRedirect) return reply(posted, { ok: true, kind: "two-factor-required" }, { headers });
        return reply(
          posted,
          { ok: true, kind: "signed-in", user: { id: body.user!.id, email: body.user!.email }, intent: posted.intent, redirectTo: posted.redirectTo },
          { headers },
        );
      }
      case "forgot-password": {
        const parsed = parseFirst(ForgotPasswordSchema, input);
        if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
        const response = await callAuthEndpoint(request, context, "/request-password-reset", {
          email: parsed.data.email,
          redirectTo: "/reset-password",
        });
        // NOTE: the same answer whether or not the address has an account (no enumeration).
        if (response.status === 429 || response.status >= 500) return serviceFailure(posted, response);
        return reply(posted, { ok: true, kind: "reset-email-sent", message: FORGOT_PASSWORD_SENT });
      }
      case "two-factor": {
        const parsed = parseFirst(TwoFactorCodeSchema, input);
        if (!parsed.ok) return fail(posted, "validation", parsed.error, 400);
        const { code } = parsed.data;
        const totp = isTotpCode(code);
        const response = await callAuthEndpoint(
          request,
          context,
          totp ? "/two-factor/verify-totp" : "/two-factor/verify-backup-code",
          // Backup codes are issued as "AbCde-12345"; accept them typed without the dash too.
          { code: totp || code.includes("-") ? code : `${code.slice(0, 5)}-${code.slice(5)}`, trustDevice: false },
        );
        if (!response.ok) return serviceFailure(posted, response);
        const body = (await response.json()) as { user: { id: string; email: string } };
        return reply(
          posted,
          { ok: true, kind: "signed-in", user: { id: body.user.id, email: body.user.email }, intent: posted.intent, redirectTo: posted.redirectTo },
          { headers: setCookieHeaders(response) },
        );
      }
    }
  } catch (error) {
    logger.error("auth form failed", { error, mode });
    return fail(posted, "unexpected", AUTH_TEXT.unexpected, 500);
  }
}

