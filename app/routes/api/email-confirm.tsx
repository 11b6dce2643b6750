import { data, Form, Link, redirect, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/email-confirm";
import { checkConfirmToken, confirmSubscription, maskEmail } from "~/server/lists/subscribers.server";
import { AlertCircleIcon, CheckCircleIcon, MailIcon } from "~/components/icons";
import { Button } from "~/components/ui/button";
import { LinkPage } from "~/components/link-page";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// The double opt-in link (docs/product.md §6.3): /email/confirm?token=…
//  GET   shows a page with a 'Confirm my subscription' button and changes nothing, so the link
//        scanners of mail providers, which open every link in an email, confirm nobody
//        (docs/security.md, "Links in emails");
//  POST  (the button) marks the subscriber confirmed and queues the email-marketing sync, then
//        sends her on to /email/confirm?confirmed=1, the thank-you (a page that changes nothing,
//        so a reload or a no-JavaScript post never reads the used link again).
// The link works once; a used, expired, replaced or mangled link gets a kind page with a 4xx
// status and the way to get a fresh one.

type PageState = { state: "ask"; email: string } | { state: "confirmed" } | { state: "invalid"; reason: "malformed" | "invalid" };

const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };

function refused(reason: "malformed" | "invalid") {
  return data<PageState>({ state: "invalid", reason }, { status: reason === "malformed" ? 400 : 410, headers });
}

const CONFIRMED_ADDRESS = "/email/confirm?confirmed=1";

export async function loader({ url }: Route.LoaderArgs) {
  if (!url.searchParams.has("token") && url.searchParams.get("confirmed") === "1") return data<PageState>({ state: "confirmed" }, { headers });
  const result = await checkConfirmToken(url.searchParams.get("token"));
  if (!result.ok) return refused(result.reason);
  return data<PageState>({ state: "ask", email: maskEmail(result.email) }, { headers });
}

export async function action({ request, url }: Route.ActionArgs) {
  let token = url.searchParams.get("token");
  try {
    const fromBody = (await request.formData()).get("token");
    if (typeof fromBody === "string" && fromBody) token = fromBody;
  } catch {
    // A body that is not a form: the token in the address is used.
  }
  const result = await confirmSubscription(token);
  if (!result.ok) return refused(result.reason);
  throw redirect(CONFIRMED_ADDRESS, { status: 303, headers });
}

// NOTE: the loader runs again only for a new address (the thank-you): after a refused post the
// link is still in the address, and reading it again would only repeat the refusal.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return currentUrl.search !== nextUrl.search && defaultShouldRevalidate;
}

export default function ConfirmEmail({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const page: PageState = actionData ?? loaderData;
  return (
    <LinkPage>
      {page.state === "ask" ? (
        <>
          <MailIcon className="size-12 text-brand-700" />
          <h1 className="text-3xl sm:text-4xl">Confirm your subscription</h1>
          <p className="text-lg text-ink-muted">
            One last step: press the button to start receiving emails from {site.businessName} at{" "}
            <strong>{page.email}</strong>.
          </p>
          <Form method="post" className="mt-2 flex flex-wrap gap-3">
            <input type="hidden" name="token" value={searchParams.get("token") ?? ""} />
            <Button type="submit" size="lg" loading={navigation.state === "submitting"}>
              Confirm my subscription
            </Button>
          </Form>
        </>
      ) : page.state === "confirmed" ? (
        <>
          <CheckCircleIcon className="size-12 text-success-700" />
          <h1 className="text-3xl sm:text-4xl">You're subscribed. Thank you!</h1>
          <p role="status" className="text-lg text-ink-muted">
            Your email address is confirmed. Look out for your first email from {site.businessName}{" "}
            shortly: practical, encouraging help to get stronger through the menopause and beyond.
          </p>
        </>
      ) : (
        <>
          <AlertCircleIcon className="size-12 text-warning-700" />
          <h1 className="text-3xl sm:text-4xl">This link can't be used any more</h1>
          <p className="text-lg text-ink-muted">
            Confirmation links work once and expire after 7 days, and each new sign-up sends a fresh one. If
            you've already confirmed, you're all set and needn't do anything.
          </p>
          <p className="text-lg text-ink-muted">
            Otherwise, simply sign up again and use the link in the newest email. Questions? Email{" "}
            <a className="link" href={`mailto:${site.contactEmail}`}>
              {site.contactEmail}
            </a>
            .
          </p>
        </>
      )}
      {page.state === "ask" ? null : (
        <div className="mt-2 flex flex-wrap gap-3">
          <Link to="/" className="btn btn-primary">
            Return to Home
          </Link>
          <Link to="/coaching-services" className="btn btn-outline">
            Explore Coaching Services
          </Link>
        </div>
      )}
          </LinkPage>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Confirm your subscription",
    description: "Confirm your email address to receive strength-training help for the menopause and beyond.",
    noindex: true,
  });
}
