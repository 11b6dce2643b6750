import type { Route } from "./+types/terms";
import { LegalDocument } from "~/components/article-legal";
import { TERMS_INTRO, TERMS_UPDATED, termsSections } from "~/content/terms";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function Terms() {
  const { site } = useRootData();
  return (
    <LegalDocument title="Terms and Conditions" updated={TERMS_UPDATED} intro={TERMS_INTRO} sections={termsSections(site)} />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/terms",
    title: "Terms and Conditions",
    description:
      "The terms and conditions for using this website and our coaching services: services, payments and refunds, health and safety, and your rights.",
  });
}
