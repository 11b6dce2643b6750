import { redirect } from "react-router";
import type { Route } from "./+types/billing-portal";
import { requireUser } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { siteOrigin } from "~/server/payments/provider.server";
import { billingPortalUrl } from "~/server/payments/member-payments.server";
import { redirectWithToast } from "~/server/core/toast.server";

// POST /settings/billing ('Manage subscription' on the settings page): sends the member to
// Stripe's Customer Portal for her customer, or to the test provider's equivalent page, which
// both return her to /settings.

export function loader() {
  return redirect("/settings");
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  // Another site's page cannot open her billing portal (403); the form carries nothing to read.
  await readForm(request);
  try {
    const url = await billingPortalUrl(user.id, `${siteOrigin()}/settings`);
    if (url) return redirect(url);
    return redirectWithToast("/settings", {
      title: "No subscriptions yet",
      description: "You haven't bought anything yet, so there is no billing to manage.",
      variant: "info",
    });
  } catch (error) {
    logger.error("payments: could not open the billing portal", { userId: user.id, error });
    return redirectWithToast("/settings", {
      title: "Error",
      description: "We couldn't open your billing settings just now. Please try again or contact support.",
      variant: "destructive",
    });
  }
}
