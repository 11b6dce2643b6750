import { data, Link } from "react-router";
import type { Route } from "./+types/email-confirm";
import { confirmSubscription } from "~/server/lists/subscribers.server";
import { AlertCircleIcon, CheckCircleIcon } from "~/components/icons";
import { Card, CardContent } from "~/components/ui/card";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// The double opt-in link (docs/product.md §6): /email/confirm?token=… marks the subscriber confirmed and
// queues the email-marketing sync. The link works once; a used, expired, replaced or mangled link
// gets a kind page with a 4xx status and the way to get a fresh one.

type LoaderResult = { confirmed: true } | { confirmed: false; reason: "malformed" | "invalid" };

export async function loader({ url }: Route.LoaderArgs) {
  const token = url.searchParams.get("token");
  const result = await confirmSubscription(token);
  const headers = { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" };
  if (result.ok) return data<LoaderResult>({ confirmed: true }, { headers });
  return data<LoaderResult>(
    { confirmed: false, reason: result.reason },
    { status: result.reason === "malformed" ? 400 : 410, headers },
  );
}

// NOTE: never run the loader again on this page (after a fetcher elsewhere on it, for example):
// the link is single-use, so a second run would turn "confirmed" into "link already used".
export function shouldRevalidate() {
  return false;
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { site } = useRootData();
  return (
    <main id="main" className="section-y flex flex-1 items-center bg-linear-to-b from-sand-100 to-sand-50">
      <div className="container-prose">
        <Card>
          <CardContent className="flex flex-col items-start gap-5">
            {loaderData.confirmed ? (
              <>
                <CheckCircleIcon className="size-12 text-success-700" />
                <h1 className="text-3xl sm:text-4xl">You're subscribed. Thank you!</h1>
                <p className="text-lg text-ink-muted">
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
            <div className="mt-2 flex flex-wrap gap-3">
              <Link to="/" className="btn btn-primary">
                Return to Home
              </Link>
              <Link to="/coaching-services" className="btn btn-outline">
                Explore Coaching Services
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
    title: loaderData?.confirmed ? "Subscription confirmed" : "Confirmation link expired",
    description: "Confirm your email address to receive strength-training help for the menopause and beyond.",
    noindex: true,
  });
}
