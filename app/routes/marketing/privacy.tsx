import type { Route } from "./+types/privacy";
import { LegalDocument } from "~/components/article-legal";
import { PRIVACY_UPDATED, privacyIntro, privacySections } from "~/content/privacy";
import { useRootData } from "~/utils/root-data";
import { seo } from "~/utils/seo";
import { islandsPage, loadAsDocument, noServerData } from "~/utils/islands-page";


// A page that does not hydrate (app/utils/islands-page.ts).
export const handle = islandsPage;
export const loader = noServerData;
export const clientLoader = loadAsDocument;

export default function Privacy() {
  const { site } = useRootData();
  return (
    <LegalDocument title="Privacy Policy" updated={PRIVACY_UPDATED} intro={privacyIntro(site)} sections={privacySections(site)} />
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    path: "/privacy",
    title: "Privacy Policy",
    description:
      "How we collect, use and protect your personal information, who we share it with, and your rights under UK data protection law.",
  });
}
