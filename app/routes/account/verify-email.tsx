import { data, Form, Link, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/verify-email";
import { AlertCircleIcon, MailIcon, ShieldIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/link-page";
import { confirmEmailAddress, readVerificationToken } from "~/server/auth/email-verification.server";
import { readForm } from "~/server/http/form-action.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// /verify-email?token=…: the confirmation link of the sign-up email (docs/product.md §7.5; decision
// 245). GET shows a button and changes nothing, so mail scanners that open every link confirm
// nothing; the button's POST confirms the address (server/auth/email-verification.server.ts). An
// address listed in ADMIN_EMAILS becomes administrator only when the POST carries her own
// session (docs/product.md §7.10, decision 246); otherwise the page says how.

type PageState =
  | { state: "ask"; email: string; token: string }
  | { state: "admin-needs-sign-in"; email: string; token: string }
  | { state: "invalid" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export const INVALID_LINK_MESSAGE = "This confirmation link has expired or is no longer valid. Please request a new one from your account settings.";

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const claims = await readVerificationToken(token);
  if (!claims) return data<PageState>({ state: "invalid" }, { status: 400, headers });
  return data<PageState>({ state: "ask", email: claims.email, token }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  const value = read.ok ? read.form.get("token") : null;
  const token = typeof value === "string" ? value : "";
  const result = await confirmEmailAddress(request, token);
  if (!result.ok) return data<PageState>({ state: "invalid" }, { status: 400, headers });
  if (result.admin === "needs-sign-in") return data<PageState>({ state: "admin-needs-sign-in", email: result.email, token }, { headers });
  if (result.admin === "granted") {
    throw await redirectWithToast("/settings/admin", {
      title: "Email confirmed",
      description: "Thank you for confirming your email address. You're now an administrator: welcome to the admin dashboard.",
      variant: "success",
    });
  }
  throw await redirectWithToast("/", { title: "Email confirmed", description: "Thank you for confirming your email address.", variant: "success" });
}

// NOTE: the page never runs its loader again after the button: the token may be used up.
export function shouldRevalidate() {
  return false;
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { site, user } = useRootData();
  const navigation = useNavigation();
  const location = useLocation();
  const page: PageState = actionData ?? loaderData;
  return (
    <LinkPage>
      {page.state === "ask" ? (
        <>
          <MailIcon className="size-12 text-brand-700" />
          <h1 className="text-3xl sm:text-4xl">Confirm your email address</h1>
          <p className="text-lg text-ink-muted">
            Press the button to confirm <strong>{page.email}</strong> as the address of your {site.businessName} account.
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3">
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
              Confirm My Email Address
            </Button>
          </Form>
        </>
      ) : page.state === "admin-needs-sign-in" ? (
        <>
          <ShieldIcon className="size-12 text-brand-700" />
          <h1 className="text-3xl sm:text-4xl">Your email address is confirmed</h1>
          <p role="status" className="text-lg text-ink-muted">
            Thank you for confirming <strong>{page.email}</strong>. This address opens the admin dashboard, but only
            once you confirm it while logged in to its account: that shows the person with the password also reads
            this inbox. Please log in, then open the link in the email again.
            {user ? " You're logged in to a different account just now, so please log out of it first." : null}
          </p>
          {/* Signed in to another account here: the page asks her to log in to this one instead. */}
          <div className="mt-2 flex flex-wrap gap-3">
            <Link
              to={user ? "/settings#account-actions" : `/auth?mode=log-in&redirectTo=${encodeURIComponent(`${location.pathname}?token=${encodeURIComponent(page.token)}`)}`}
              className="btn btn-primary btn-lg"
            >
              {user ? "Go to Account Settings" : "Log In"}
            </Link>
          </div>
        </>
      ) : (
        <>
          <AlertCircleIcon className="size-12 text-warning-700" />
          <h1 className="text-3xl sm:text-4xl">This confirmation link can't be used</h1>
          <p role="alert" className="text-lg text-ink-muted">
            {INVALID_LINK_MESSAGE}
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to="/settings" className="btn btn-primary">
              Go to Account Settings
            </Link>
            <Link to="/" className="btn btn-outline">
              Return to Home
            </Link>
          </div>
        </>
      )}
          </LinkPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Confirm your email address",
    description: "Confirm the email address of your account.",
    noindex: true,
  });
}
