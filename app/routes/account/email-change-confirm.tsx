import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/email-change-confirm";
import { AlertCircleIcon, CheckCircleIcon, MailIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/link-page";
import { confirmEmailChange, EMAIL_CHANGED_CALLBACK, readEmailChangeLink } from "~/server/account/email-change.server";
import { getSessionUser } from "~/server/auth/session.server";
import { readForm } from "~/server/http/form-action.server";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// /email-change/confirm?token=…: the link mailed to a member's NEW address (docs/product.md §9.2;
// server/account/email-change.server.ts). Opening it changes nothing (mail scanners open every
// link; decision 245): the page asks, and its button's POST changes the address once, if the account still has
// the old one and nobody else has registered the new one meanwhile; the old address is then told,
// with a way to undo it. A signed-in member goes on to her settings; otherwise, and whenever the
// link cannot be used, this page says what happened, with a 4xx status for a refused link.

type Outcome =
  | { state: "ask"; email: string; token: string }
  | { state: "changed"; email: string }
  | { state: "invalid" | "stale" | "taken" | "other-account" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

const STATUS: Record<Exclude<Outcome["state"], "changed" | "ask">, number> = { invalid: 400, stale: 410, taken: 409, "other-account": 403 };

export async function loader({ request, url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const link = await readEmailChangeLink(token);
  if (!link) return data<Outcome>({ state: "invalid" }, { status: STATUS.invalid, headers });
  const user = await getSessionUser(request);
  if (user && user.id !== link.userId) return data<Outcome>({ state: "other-account" }, { status: STATUS["other-account"], headers });
  return data<Outcome>({ state: "ask", email: link.to, token }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  const value = read.ok ? read.form.get("token") : null;
  const token = typeof value === "string" ? value : "";
  const user = await getSessionUser(request);
  const result = await confirmEmailChange(token, user?.id ?? null);
  if (result.ok) {
    if (user) throw redirect(EMAIL_CHANGED_CALLBACK, { headers });
    return data<Outcome>({ state: "changed", email: result.to }, { headers });
  }
  return data<Outcome>({ state: result.reason }, { status: STATUS[result.reason], headers });
}

// NOTE: the link is single-use: never run the loader again after the button.
export function shouldRevalidate() {
  return false;
}

const TEXT: Record<Exclude<Outcome["state"], "ask">, { title: string; message: string }> = {
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

export default function ConfirmEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const navigation = useNavigation();
  const page: Outcome = actionData ?? loaderData;
  if (page.state === "ask") {
    return (
      <LinkPage>
        <MailIcon className="size-12 text-brand-700" />
        <h1 className="text-3xl sm:text-4xl">Confirm your new email address</h1>
        <p className="text-lg text-ink-muted">
          Press the button to make <strong>{page.email}</strong> the email address of your {site.businessName} account.
          If you didn't ask for this, you can close this page: nothing will change.
        </p>
        <Form method="post" className="mt-2 flex flex-wrap gap-3">
          <input type="hidden" name="token" value={page.token} />
          <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
            Confirm My New Address
          </Button>
        </Form>
            </LinkPage>
    );
  }
  const text = TEXT[page.state];
  const changed = page.state === "changed";
  return (
    <LinkPage>
      {changed ? <CheckCircleIcon className="size-12 text-success-700" /> : <AlertCircleIcon className="size-12 text-warning-700" />}
      <h1 className="text-3xl sm:text-4xl">{text.title}</h1>
      <p className="text-lg text-ink-muted" role={changed ? "status" : "alert"}>
        {text.message}
        {page.state === "changed" ? (
          <>
            {" "}
            It is now <strong>{page.email}</strong>.
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
          </LinkPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Confirm your new email address",
    description: "Confirm the new email address of your account.",
    noindex: true,
  });
}
