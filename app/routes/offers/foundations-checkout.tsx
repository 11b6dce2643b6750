import type { Route } from "./+types/foundations-checkout";
import { CheckoutPage } from "~/components/checkout-page";
import { checkoutContent } from "~/content/checkout";
import { checkoutAction, checkoutLoader } from "~/server/payments/checkout-page.server";
import { islandsPage, loadAsDocument } from "~/utils/islands-page";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";

// A page that does not hydrate: its forms are plain forms, and app/islands/checkout.ts adds the rest.
export const handle = islandsPage;
export const clientLoader = loadAsDocument;

export function loader(args: Route.LoaderArgs) {
  return checkoutLoader(args, "build-stronger-foundations");
}

export function action(args: Route.ActionArgs) {
  return checkoutAction(args, "build-stronger-foundations");
}

export default function FoundationsCheckout({ loaderData, actionData }: Route.ComponentProps) {
  const { site } = useRootData();
  return <CheckoutPage content={checkoutContent(site, "foundations")} {...loaderData} error={actionData?.error} />;
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    noindex: true,
    title: "Checkout: Build Stronger Foundations",
    description: "Join Build Stronger Foundations, the habit course and community for women 40+.",
  });
}
