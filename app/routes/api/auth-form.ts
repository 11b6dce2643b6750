import { createElement } from "react";
import type { Route } from "./+types/auth-form";
import { AuthPage } from "~/components/auth-page";
import { requireAnonymous } from "~/server/auth/guards.server";
import { handleAuthForm } from "~/server/account/auth-form.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { AUTH_TEXT, parseAuthMode } from "~/utils/auth-result";
import { seo } from "~/utils/seo";
import { safeRedirect } from "~/utils/safe-redirect";

// /auth: the auth form's action (app/server/account/auth-form.server.ts) and its page.
//
// With JavaScript the form posts through a fetcher (field js=1) and gets data. Without it, a
// plain form post gets a redirect with a flash toast, and GET /auth is a page with the form, so
// signing up and logging in work before (or without) JavaScript.

export async function loader({ request, url }: Route.LoaderArgs) {
  // Better Auth has checked an emailed confirmation link and sends the visitor here (docs/product.md §7.5).
  if (url.searchParams.get("event") === "email-verified") {
    throw await (url.searchParams.get("error")
      ? redirectWithToast("/", {
          title: AUTH_TEXT.error,
          description: "This confirmation link has expired or is no longer valid. Please request a new one from your account settings.",
          variant: "destructive",
        })
      : redirectWithToast("/", {
          title: "Email confirmed",
          description: "Thank you for confirming your email address.",
          variant: "success",
        }));
  }
  await requireAnonymous(request);
  return {
    mode: parseAuthMode(url.searchParams.get("mode")),
    redirectTo: safeRedirect(url.searchParams.get("redirectTo"), "/"),
  };
}

export function action(args: Route.ActionArgs) {
  return handleAuthForm(args, "page");
}

export default function AuthRoute({ loaderData }: Route.ComponentProps) {
  return createElement(AuthPage, { mode: loaderData.mode, redirectTo: loaderData.redirectTo });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Log in or create your account",
    description: "Log in to your account, or create one to join a course, book coaching and manage your settings.",
    noindex: true,
  });
}
