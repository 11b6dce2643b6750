import { data, Form, Link, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/email-unsubscribe";
import { findUnsubscribeTarget, maskEmail, unsubscribe } from "~/server/lists/subscribers.server";
import { AlertCircleIcon, CheckCircleIcon, MailIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/link-page";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// The unsubscribe link in every email to a subscriber (docs/product.md §6): /email/unsubscribe?token=…
//  GET   shows a page with an Unsubscribe button (a GET changes nothing, so link scanners that
//        open every link in an email can't unsubscribe anybody);
//  POST  unsubscribes: the button's form, and RFC 8058 one-click unsubscribe, where the mail
//        provider posts "List-Unsubscribe=One-Click" to the List-Unsubscribe address.

type PageState =
  | { state: "ask"; email: string }
  | { state: "done"; email: string }
  | { state: "invalid" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const target = await findUnsubscribeTarget(token);
  if (!target) return data<PageState>({ state: "invalid" }, { status: 404, headers });
  return data<PageState>({ state: target.alreadyUnsubscribed ? "done" : "ask", email: maskEmail(target.email) }, { headers });
}

export async function action({ request, url }: Route.ActionArgs) {
  let token = url.searchParams.get("token");
  try {
    const body = await request.formData();
    const fromBody = body.get("token");
    if (typeof fromBody === "string" && fromBody) token = fromBody;
  } catch {
    // One-click posts may come with a body we don't need: the token is in the address.
  }
  const target = await unsubscribe(token);
  if (!target) return data<PageState>({ state: "invalid" }, { status: 404, headers });
  return data<PageState>({ state: "done", email: maskEmail(target.email) }, { headers });
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const page: PageState = actionData ?? loaderData;
  return (
    <LinkPage>
      {page.state === "ask" ? (
        <>
          <MailIcon className="size-12 text-brand-700" />
          <h1 className="text-3xl sm:text-4xl">Unsubscribe from our emails?</h1>
          <p className="text-lg text-ink-muted">
            Press the button to stop all emails from {site.businessName} to <strong>{page.email}</strong>.
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3">
            <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
            <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
              Unsubscribe
            </Button>
            <Link to="/" className="btn btn-outline btn-lg">
              Keep my subscription
            </Link>
          </Form>
        </>
      ) : page.state === "done" ? (
        <>
          <CheckCircleIcon className="size-12 text-success-700" />
          <h1 className="text-3xl sm:text-4xl">You've been unsubscribed</h1>
          <p role="status" className="text-lg text-ink-muted">
            You won't receive any more emails from {site.businessName} at <strong>{page.email}</strong>. Changed
            your mind? You're welcome to sign up again at any time.
          </p>
          <Link to="/" className="btn btn-primary mt-2">
            Return to Home
          </Link>
        </>
      ) : (
        <>
          <AlertCircleIcon className="size-12 text-warning-700" />
          <h1 className="text-3xl sm:text-4xl">This unsubscribe link isn't valid</h1>
          <p className="text-lg text-ink-muted">
            It may have been copied only in part. To stop our emails, write to{" "}
            <a className="link" href={`mailto:${site.contactEmail}`}>
              {site.contactEmail}
            </a>{" "}
            and we'll take you off every list straight away.
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
    title: "Unsubscribe",
    description: "Stop receiving emails from us: one press of a button, no questions asked.",
    noindex: true,
  });
}
