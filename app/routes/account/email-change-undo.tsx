import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/email-change-undo";
import { AlertCircleIcon, CheckCircleIcon, ShieldIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/link-page";
import { readUndoLink, undoEmailChange } from "~/server/account/email-change.server";
import { readForm } from "~/server/http/form-action.server";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// /email-change/undo?token=…: the link mailed to a member's OLD address when her address changed
// (docs/product.md §9.2; server/account/email-change.server.ts). GET shows what changed and a button
// (a GET changes nothing, so mail scanners that open every link cannot trigger it); POST puts the
// old address back, signs her out on every device and voids reset links and pending changes,
// then offers to choose a new password. The link works once, for 24 hours.

type PageState =
  | { state: "ask"; from: string; to: string; token: string }
  | { state: "done"; email: string }
  | { state: "invalid" | "taken" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token") ?? "";
  const link = await readUndoLink(token);
  if (!link) return data<PageState>({ state: "invalid" }, { status: 400, headers });
  return data<PageState>({ state: "ask", from: link.from, to: link.to, token }, { headers });
}

export async function action({ request }: Route.ActionArgs) {
  const read = await readForm(request);
  // Not a form: no token, refused below.
  const value = read.ok ? read.form.get("token") : null;
  const token = typeof value === "string" ? value : "";
  const result = await undoEmailChange(token);
  if (result.ok) return data<PageState>({ state: "done", email: result.email }, { headers });
  return data<PageState>({ state: result.reason }, { status: result.reason === "taken" ? 409 : 400, headers });
}

export default function UndoEmailChange({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const navigation = useNavigation();
  const page: PageState = actionData ?? loaderData;
  const contact = (
    <a className="link" href={`mailto:${site.contactEmail}`}>
      {site.contactEmail}
    </a>
  );
  return (
    <LinkPage>
      {page.state === "ask" ? (
        <>
          <ShieldIcon className="size-12 text-brand-700" />
          <h1 className="text-3xl sm:text-4xl">Undo the change of your email address?</h1>
          <p className="text-lg text-ink-muted">
            The email address of your {site.businessName} account was changed from <strong>{page.from}</strong> to{" "}
            <strong>{page.to}</strong>.
          </p>
          <p className="text-lg text-ink-muted">
            If that wasn't you, press the button: we'll put <strong>{page.from}</strong> back, sign you out on every
            device, and you can then choose a new password.
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3">
            <input type="hidden" name="token" value={page.token} />
            <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
              Undo the Change
            </Button>
            <Link to="/" className="btn btn-outline btn-lg">
              It was me: keep it
            </Link>
          </Form>
        </>
      ) : page.state === "done" ? (
        <>
          <CheckCircleIcon className="size-12 text-success-700" />
          <h1 className="text-3xl sm:text-4xl">Your email address is back</h1>
          <p role="status" className="text-lg text-ink-muted">
            Your account uses <strong>{page.email}</strong> again, and every device has been signed out. To be
            safe, please choose a new password now: press the button and we'll email you a link.
          </p>
          <div className="mt-2 flex flex-wrap gap-3">
            <Link to="/auth?mode=forgot-password" className="btn btn-primary btn-lg">
              Choose a New Password
            </Link>
            <Link to="/" className="btn btn-outline btn-lg">
              Return to Home
            </Link>
          </div>
        </>
      ) : (
        <>
          <AlertCircleIcon className="size-12 text-warning-700" />
          <h1 className="text-3xl sm:text-4xl">
            {page.state === "taken" ? "We couldn't put your address back" : "This link can't be used"}
          </h1>
          <p role="alert" className="text-lg text-ink-muted">
            {page.state === "taken"
              ? "Another account uses that address now, so we couldn't move it back to yours. Please email us and we'll sort it out with you straight away: "
              : "Undo links work once and for 24 hours. If you still need help with your account, please email us: "}
            {contact}.
          </p>
          <Link to="/" className="btn btn-primary mt-2">
            Return to Home
          </Link>
        </>
      )}
          </LinkPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Undo an email address change",
    description: "Put back the email address of your account and sign out everywhere.",
    noindex: true,
  });
}
