import { useEffect, useId, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import type { z } from "zod";
import {
  ACCOUNT_EXISTS_TEXT,
  AUTH_TEXT,
  HONEYPOT_FIELD,
  type AuthActionResult,
  type AuthIntent,
  type AuthMode,
  type AuthSuccess,
} from "~/utils/auth-result";
import { SIGNUP_MARKETING_CONSENT } from "~/content/marketing-consent";
import { LoginSchema, PASSWORD_HELPER_TEXT, SignupSchema } from "~/validation/auth";
import { formToObject, parseFirst } from "~/validation/first-error";
import { ForgotPasswordSchema } from "~/validation/password-reset";
import { TwoFactorCodeSchema } from "~/validation/two-factor";
import { Button } from "./ui/button";
import { InputField } from "./ui/form-field";
import { showToast } from "./ui/toaster";

export interface AuthFormProps {
  /** The offer the visitor is signing up for, shown in the form (e.g. "Build Stronger Foundations"). */
  sourceLabel?: string;
  /** The submit button's words in sign-up and log-in mode (checkouts: 'Complete Your Purchase'). */
  submitText?: string;
  /** Stay on this page after logging in instead of going to / (checkouts start payment instead). */
  skipRedirect?: boolean;
  /** Called once the visitor is signed in (after sign-up or log-in), with the account and intent. */
  onSuccess?: (result: AuthSuccess) => void;
  /** Data posted along as `intent.<key>` fields and echoed back in the result (e.g. { productKey }). */
  intent?: AuthIntent;
  /** The mode to start in (sign-up by default, docs/product.md §7.1). */
  initialMode?: AuthMode;
  /** Where to go after success instead of the default (this page after sign-up, / after log-in). */
  redirectTo?: string;
  /**
   * The stem of the ids of the form's heading and fields, and the form's own id (`<stem>-form`).
   * A checkout page gives one so that the script that brings this form to life in the browser
   * (app/islands/checkout-auth-island.tsx) renders exactly the ids the server wrote; otherwise
   * React makes them up.
   */
  idPrefix?: string;
}

const SCHEMAS: Record<AuthMode, z.ZodType> = {
  "sign-up": SignupSchema,
  "log-in": LoginSchema,
  "forgot-password": ForgotPasswordSchema,
  "two-factor": TwoFactorCodeSchema,
};

const HEADINGS: Record<AuthMode, string> = {
  "sign-up": "Create your free account",
  "log-in": "Log in to your account",
  "forgot-password": "Reset your password",
  "two-factor": AUTH_TEXT.twoFactorTitle,
};

/**
 * The sign-up / log-in form (docs/product.md §7.1, §11.3): one component for the navigation's
 * login dialog and the checkout pages. It validates with the server's Zod schemas and shows the
 * first failing message in a 'Validation Error' toast, is disabled while it is being sent, and
 * posts to /auth through a fetcher; before JavaScript has loaded it is a plain form that posts to
 * the same action, which then answers with a redirect.
 */
export function AuthForm({
  sourceLabel,
  submitText,
  skipRedirect = false,
  onSuccess,
  intent,
  initialMode = "sign-up",
  redirectTo,
  idPrefix,
}: AuthFormProps) {
  const fetcher = useFetcher<AuthActionResult>();
  const navigate = useNavigate();
  const location = useLocation();
  const [mode, setMode] = useState<AuthMode>(initialMode);
  // Kept for when the field comes back (after the two-factor step): the field itself is
  // uncontrolled, so what she typed before the form came to life in the browser stays.
  const [email, setEmail] = useState("");
  // Shown above the log-in form when a sign-up found her account (docs/product.md §7.1).
  const [notice, setNotice] = useState<string | null>(null);
  const autoId = useId();
  const headingId = idPrefix ?? `auth-${autoId.replace(/[^a-zA-Z0-9_-]/g, "")}`;
  const fieldId = (name: string) => `${headingId}-${name}`;
  const busy = fetcher.state !== "idle";

  const onAuthPage = location.pathname === "/auth";
  const thisPage = onAuthPage ? (redirectTo ?? "/") : location.pathname + location.search;
  const afterSuccess =
    redirectTo ?? (mode === "sign-up" || skipRedirect ? thisPage : "/");

  // Each answer is handled once, as soon as it arrives (the dialog may close while the page's
  // data reloads with the new session).
  const handled = useRef<AuthActionResult | null>(null);
  const onSuccessRef = useRef(onSuccess);
  useEffect(() => {
    onSuccessRef.current = onSuccess;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result) return;
    handled.current = result;
    try {
      if (!result.ok && result.kind === "account-exists") {
        // The same form logs her in, on the same page with the same intent: a checkout goes on to
        // the same purchase once she is in.
        showToast({ title: ACCOUNT_EXISTS_TEXT.title, description: result.message, variant: "info" });
        setNotice(result.message);
        setMode("log-in");
        return;
      }
      if (!result.ok) {
        showToast({
          title: result.kind === "validation" ? AUTH_TEXT.validationError : AUTH_TEXT.error,
          description: result.message,
          variant: "destructive",
        });
        if (result.message === AUTH_TEXT.twoFactorExpired) setMode("log-in");
        return;
      }
      switch (result.kind) {
        case "two-factor-required":
          setMode("two-factor");
          return;
        case "reset-email-sent":
          showToast({ title: AUTH_TEXT.resetEmailTitle, description: result.message, variant: "info" });
          setMode("log-in");
          return;
        case "signed-up":
        case "signed-in": {
          showToast({
            title: AUTH_TEXT.success,
            description: result.kind === "signed-up" ? AUTH_TEXT.accountCreated : AUTH_TEXT.signedIn,
            variant: "success",
          });
          onSuccessRef.current?.(result);
          const here = location.pathname + location.search;
          if (!skipRedirect && result.redirectTo !== here) navigate(result.redirectTo);
          return;
        }
      }
    } catch {
      showToast({ title: AUTH_TEXT.error, description: AUTH_TEXT.unexpected, variant: "destructive" });
    }
    // NOTE: only a new answer matters; the other values are read as they are when it arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [fetcher.data]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    try {
      const formData = new FormData(event.currentTarget);
      const parsed = parseFirst(SCHEMAS[mode], formToObject(formData));
      if (!parsed.ok) {
        showToast({ title: AUTH_TEXT.validationError, description: parsed.error, variant: "destructive" });
        return;
      }
      formData.set("js", "1");
      void fetcher.submit(formData, { method: "post", action: "/auth" });
    } catch {
      showToast({ title: AUTH_TEXT.error, description: AUTH_TEXT.unexpected, variant: "destructive" });
    }
  }

  /** A link to the /auth page in another mode; with JavaScript it just switches the form. */
  function modeLink(target: AuthMode, children: ReactNode) {
    const params = new URLSearchParams({ mode: target });
    if (thisPage !== "/") params.set("redirectTo", thisPage);
    return (
      <a
        href={`/auth?${params}`}
        className="link font-semibold"
        onClick={(event: MouseEvent<HTMLAnchorElement>) => {
          event.preventDefault();
          if (busy) return;
          setNotice(null);
          setMode(target);
        }}
      >
        {children}
      </a>
    );
  }

  const submitLabel =
    mode === "sign-up"
      ? (submitText ?? "Create Account")
      : mode === "log-in"
        ? (submitText ?? "Log In")
        : mode === "forgot-password"
          ? "Send Reset Link"
          : "Verify";

  return (
    <form
      id={`${headingId}-form`}
      method="post"
      action="/auth"
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={headingId}
      aria-busy={busy || undefined}
      className="relative"
    >
      <input type="hidden" name="mode" value={mode} />
      <input type="hidden" name="redirectTo" value={afterSuccess} />
      <input type="hidden" name="sourcePath" value={location.pathname} />
      {Object.entries(intent ?? {}).map(([key, value]) => (
        <input key={key} type="hidden" name={`intent.${key}`} value={value} />
      ))}
      {/* Bot trap (docs/product.md §1.3): hidden from people and assistive technology, filled by bots. */}
      <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
        <label>
          Leave this field empty
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>

      <fieldset disabled={busy} className="flex flex-col gap-5">
        <div>
          <p id={headingId} className="font-display text-xl font-semibold text-ink">
            {HEADINGS[mode]}
          </p>
          {sourceLabel && mode === "sign-up" ? (
            <p className="mt-1 text-base text-ink-muted">
              Signing up for <strong className="text-brand-700">{sourceLabel}</strong>
            </p>
          ) : null}
          {mode === "forgot-password" ? (
            <p className="mt-1 text-base text-ink-muted">
              Enter your email address and we&apos;ll send you a link to choose a new password.
            </p>
          ) : null}
          {mode === "two-factor" ? <p className="mt-1 text-base text-ink-muted">{AUTH_TEXT.twoFactorPrompt}</p> : null}
          {notice && mode === "log-in" ? (
            <p role="status" className="mt-1 text-base text-ink-muted">
              {notice}
            </p>
          ) : null}
        </div>

        {mode === "sign-up" ? (
          <div className="grid gap-5 sm:grid-cols-2">
            <InputField label="First name" name="firstName" id={fieldId("firstName")} autoComplete="given-name" required maxLength={100} />
            <InputField label="Last name" name="lastName" id={fieldId("lastName")} autoComplete="family-name" required maxLength={100} />
          </div>
        ) : null}
        {mode === "sign-up" ? (
          <InputField label="Phone (optional)" name="phone" id={fieldId("phone")} type="tel" autoComplete="tel" maxLength={40} />
        ) : null}

        {mode !== "two-factor" ? (
          <InputField
            label="Email"
            name="email"
            id={fieldId("email")}
            type="email"
            autoComplete="email"
            required
            defaultValue={email}
            onChange={(event) => setEmail(event.target.value)}
          />
        ) : null}

        {mode === "sign-up" || mode === "log-in" ? (
          <InputField
            label="Password"
            name="password"
            id={fieldId("password")}
            type="password"
            autoComplete={mode === "sign-up" ? "new-password" : "current-password"}
            required
            hint={mode === "sign-up" ? PASSWORD_HELPER_TEXT : undefined}
          />
        ) : null}

        {mode === "log-in" ? <p className="-mt-2 text-sm">{modeLink("forgot-password", "Forgot your password?")}</p> : null}

        {mode === "two-factor" ? (
          <InputField
            label="Authentication code"
            name="code"
            id={fieldId("code")}
            autoComplete="one-time-code"
            autoCapitalize="off"
            spellCheck={false}
            required
            maxLength={32}
          />
        ) : null}

        {mode === "sign-up" ? (
          <div className="flex items-start gap-3">
            <input
              id={`${headingId}-terms`}
              type="checkbox"
              name="terms"
              required
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
            />
            <label htmlFor={`${headingId}-terms`} className="text-sm text-ink">
              I agree to the{" "}
              <a href="/terms" target="_blank" rel="noopener" className="link">
                Terms and Conditions
              </a>{" "}
              and the{" "}
              <a href="/privacy" target="_blank" rel="noopener" className="link">
                Privacy Policy
              </a>
            </label>
          </div>
        ) : null}

        {mode === "sign-up" ? (
          // Unticked: only her own tick is consent to news and offers (docs/product.md §7.2).
          <div className="flex items-start gap-3">
            <input
              id={`${headingId}-marketing`}
              type="checkbox"
              name="marketing"
              defaultChecked={false}
              className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
            />
            <label htmlFor={`${headingId}-marketing`} className="text-sm text-ink">
              {SIGNUP_MARKETING_CONSENT}
            </label>
          </div>
        ) : null}

        <Button type="submit" size="lg" className="w-full" loading={busy}>
          {submitLabel}
        </Button>

        <p className="text-center text-sm text-ink">
          {mode === "sign-up"
            ? modeLink("log-in", "Already have an account? Log in")
            : mode === "log-in"
              ? modeLink("sign-up", "Don't have an account? Sign up for free.")
              : modeLink("log-in", "Back to log in")}
        </p>
      </fieldset>
    </form>
  );
}
