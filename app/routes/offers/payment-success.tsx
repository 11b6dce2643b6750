import type { Route } from "./+types/payment-success";
import { seo } from "~/utils/seo";
import { PageHero } from "~/components/page-hero";

export default function Page() {
  return (
    <main id="main">
      <PageHero title={"Payment Successful"} intro={"Thank you for your purchase."} />
    </main>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    noindex: true,
    title: "Payment Successful",
    description: "Your payment was successful. Here is what happens next.",
  });
}
