import type { Route } from "./+types/one-to-one-checkout";
import { CheckoutPage } from "~/components/checkout-page";
import { getSiteConfig } from "~/config/env.server";
import { checkoutContent } from "~/content/checkout";
import { oneToOneKey } from "~/content/plans";
import { checkoutAction, checkoutLoader } from "~/server/payments/checkout-page.server";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { useRootData } from "~/utils/root-data";
import { seo, siteFromMatches } from "~/utils/seo";

// A page that does not hydrate: its forms are plain forms, and app/islands/checkout.ts adds the rest.
export const handle = islandsPage;
export const clientLoader = loadAsDocument;

export function loader(args: Route.LoaderArgs) {
  return checkoutLoader(args, oneToOneKey(getSiteConfig()));
}

export function action(args: Route.ActionArgs) {
  return checkoutAction(args, oneToOneKey(getSiteConfig()));
}

export default function OneToOneCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  return <CheckoutPage content={checkoutContent(site, "one-to-one")} {...loaderData} error={actionData?.error} />;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFromMatches(matches) ?? { coachName: "" };
  return seo(matches, {
    noindex: true,
    title: `Checkout: Stronger with ${site.coachName}`,
    description: `Join Stronger with ${site.coachName}, 1-to-1 online strength coaching for women 40+.`,
  });
}
