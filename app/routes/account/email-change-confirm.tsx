import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/email-change-confirm";
import { AlertCircleIcon, CheckCircleIcon } from "~/components/icons";
import { Card, CardContent } from "~/components/ui/card";
import { confirmEmailChange, EMAIL_CHANGED_CALLBACK } from "~/server/account/email-change.server";
import { getSessionUser } from "~/server/auth/session.server";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// /email-change/confirm?token=…: the link mailed to a member's NEW address (docs/product.md §9.2;
// server/account/email-change.server.ts). It changes the address once, if the account still has
// the old one and nobody else has registered the new one meanwhile; the old address is then told,
// with a way to undo it. A signed-in member goes on to her settings; otherwise, and whenever the
// link cannot be used, this page says what happened, with a 4xx status for a refused link.

type Outcome =
  | { state: "changed"; email: string }
  | { state: "invalid" | "stale" | "taken" | "other-account" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

const STATUS: Record<Exclude<Outcome["state"], "changed">, number> = { invalid: 400, stale: 410, taken: 409, "other-account": 403 };

export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const user = await getSessionUser(request);
  const result = await confirmEmailChange(token, user?.id ?? null);
  if (result.ok) {
    if (user) throw redirect(EMAIL_CHANGED_CALLBACK, { headers });
    return data<Outcome>({ state: "changed", email: result.to }, { headers });
  }
  return data<Outcome>({ state: result.reason }, { status: STATUS[result.reason], headers });
}

// NOTE: the link is single-use: never run the loader again on this page.
export function shouldRevalidate() {
  return false;
}

const TEXT: Record<Outcome["state"], { title: string; message: string }> = {
  changed: {
    title: "Your email address has been changed",
    message: "Thank you for confirming it. Please use your new address the next time you log in.",
  },
  invalid: {
    title: "This confirmation link can't be used",
    message:
      "Confirmation links work once and for 24 hours. If your address hasn't changed yet, please ask for a new link from your account settings.",
  },
  stale: {
    title: "This confirmation link is out of date",
    message: "Your account's email address has changed since this link was sent, so nothing has been changed. You can ask for a new link from your account settings.",
  },
  taken: {
    title: "That address now belongs to another account",
    message:
      "Somebody has created an account with this address since you asked for the change, so it can't be used for yours. Your email address hasn't changed: you can choose a different one in your account settings.",
  },
  "other-account": {
    title: "This link is for a different account",
    message: "You're logged in to another account, so nothing has been changed. Please log out, then open the link again.",
  },
};

export default function ConfirmEmailChange({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  const text = TEXT[loaderData.state];
  const changed = loaderData.state === "changed";
  return (
    <main id="main" className="section-y flex flex-1 items-center bg-linear-to-b from-sand-100 to-sand-50">
      <div className="container-prose">
        <Card>
          <CardContent className="flex flex-col items-start gap-5">
            {changed ? <CheckCircleIcon className="size-12 text-success-700" /> : <AlertCircleIcon className="size-12 text-warning-700" />}
            <h1 className="text-3xl sm:text-4xl">{text.title}</h1>
            <p className="text-lg text-ink-muted" role={changed ? "status" : "alert"}>
              {text.message}
              {loaderData.state === "changed" ? (
                <>
                  {" "}
                  It is now <strong>{loaderData.email}</strong>.
                </>
              ) : null}
            </p>
            {!changed ? (
              <p className="text-lg text-ink-muted">
                Questions? Email{" "}
                <a className="link" href={`mailto:${site.contactEmail}`}>
                  {site.contactEmail}
                </a>
                .
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap gap-3">
              <Link to={changed ? "/auth?mode=log-in" : "/settings"} className="btn btn-primary">
                {changed ? "Log In" : "Go to Account Settings"}
              </Link>
              <Link to="/" className="btn btn-outline">
                Return to Home
              </Link>
            </div>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  return seo(matches, {
    title: loaderData?.state === "changed" ? "Email address changed" : "Confirmation link",
    description: "Confirm the new email address of your account.",
    noindex: true,
  });
}
