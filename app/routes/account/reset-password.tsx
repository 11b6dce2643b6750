import { useEffect, useId, type FormEvent } from "react";
import { data, Form, Link, useNavigation, useSubmit } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { InputField } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toaster";
import { accountForResetToken } from "~/server/account/password-reset.server";
import { callAuthEndpoint, setCookieHeaders } from "~/server/auth/requests.server";
import { parseForm, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { AUTH_TEXT } from "~/utils/auth-result";
import { seo } from "~/utils/seo";
import { PASSWORD_HELPER_TEXT } from "~/validation/auth";
import { formToObject, parseFirst } from "~/validation/first-error";
import { RESET_LINK_INVALID, RESET_TOKEN_PATTERN, ResetPasswordSchema } from "~/validation/password-reset";

// /reset-password?token=…: the page the emailed reset link opens (forgot password,
// docs/product.md §7.6). The link works once and for 1 hour (Better Auth keeps the token, hashed). The new
// password follows the sign-up rules (docs/product.md §11.3); once it is saved the member is signed in, every
// other session having been ended.

type ActionData = { error: string };

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  // A mangled link (a character no token has, NUL included) is bad input: 400, the same page.
  if (token && !RESET_TOKEN_PATTERN.test(token)) return data({ token: null as string | null }, { status: 400 });
  const account = await accountForResetToken(token);
  return { token: account ? token : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const read = await readForm(request);
  // Not a form at all (a broken or foreign body): refused, nothing changes.
  if (!read.ok) return data<ActionData>({ error: "Please check the form and try again." }, { status: read.status });
  const parsed = parseForm(read.form, ResetPasswordSchema);
  if (!parsed.ok) return data<ActionData>({ error: parsed.error }, { status: 400 });
  const { token, password } = parsed.data;
  const account = await accountForResetToken(token);
  if (!account) return data<ActionData>({ error: RESET_LINK_INVALID }, { status: 400 });

  const reset = await callAuthEndpoint(request, context, "/reset-password", { token, newPassword: password });
  if (reset.status === 429) return data<ActionData>({ error: AUTH_TEXT.tooManyAttempts }, { status: 429 });
  if (!reset.ok) {
    if (reset.status >= 500) logger.error("password reset failed", { status: reset.status });
    return data<ActionData>({ error: reset.status >= 500 ? AUTH_TEXT.unexpected : RESET_LINK_INVALID }, { status: reset.status });
  }

  // Signed in with the new password; an account with two-factor authentication still owes its code.
  const signIn = await callAuthEndpoint(request, context, "/sign-in/email", { email: account.email, password, rememberMe: true });
  const body = signIn.ok ? ((await signIn.json()) as { twoFactorRedirect?: boolean }) : null;
  if (body && !body.twoFactorRedirect) {
    throw await redirectWithToast(
      "/",
      { title: "Password updated", description: "Your new password is saved and you're signed in.", variant: "success" },
      { headers: setCookieHeaders(signIn) },
    );
  }
  if (body?.twoFactorRedirect) {
    throw await redirectWithToast(
      "/auth?mode=two-factor",
      { title: "Password updated", description: AUTH_TEXT.twoFactorPrompt, variant: "success" },
      { headers: setCookieHeaders(signIn) },
    );
  }
  throw await redirectWithToast("/auth?mode=log-in", {
    title: "Password updated",
    description: "Your new password is saved. Please log in with it.",
    variant: "success",
  });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submit = useSubmit();
  const busy = navigation.state !== "idle";
  const headingId = useId();
  const error = actionData?.error;

  useEffect(() => {
    if (error) showToast({ title: AUTH_TEXT.error, description: error, variant: "destructive" });
  }, [actionData, error]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = parseFirst(ResetPasswordSchema, formToObject(new FormData(form)));
    if (!parsed.ok) {
      showToast({ title: AUTH_TEXT.validationError, description: parsed.error, variant: "destructive" });
      return;
    }
    void submit(form);
  }

  return (
    <main id="main" className="bg-linear-to-b from-sand-100 to-sand-50">
      <div className="container-page py-12 sm:py-16">
        <div className="mx-auto max-w-xl">
          <h1 id={headingId} className="text-center text-3xl sm:text-4xl">
            Choose a new password
          </h1>
          <div className="mt-8 rounded-3xl border border-sand-200 bg-white p-6 shadow-sm sm:p-8">
            {loaderData.token ? (
              <Form method="post" noValidate onSubmit={onSubmit} aria-labelledby={headingId} aria-busy={busy || undefined}>
                <input type="hidden" name="token" value={loaderData.token} />
                <fieldset disabled={busy} className="flex flex-col gap-5">
                  <InputField
                    label="New password"
                    name="password"
                    type="password"
                    autoComplete="new-password"
                    required
                    hint={PASSWORD_HELPER_TEXT}
                  />
                  <InputField label="Confirm new password" name="confirmPassword" type="password" autoComplete="new-password" required />
                  {error ? (
                    <p role="alert" className="rounded-2xl bg-danger-50 p-4 text-base text-danger-800">
                      {error}
                    </p>
                  ) : null}
                  <Button type="submit" size="lg" className="w-full" loading={busy}>
                    Save New Password
                  </Button>
                </fieldset>
              </Form>
            ) : (
              <div role="alert" className="flex flex-col gap-5">
                <p className="text-lg text-ink">{RESET_LINK_INVALID}</p>
                <Link to="/auth?mode=forgot-password" className="btn btn-primary btn-lg w-full">
                  Send Me a New Link
                </Link>
              </div>
            )}
          </div>
        </div>
      </div>
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Choose a new password",
    description: "Choose a new password for your account with the link we emailed you.",
    noindex: true,
  });
}
