import { getServerEnv } from "~/config/env.server";
import type { EmailAttachment } from "~/server/db/schema";
import { formatMoney } from "~/utils/format";
import { renderLayout, type EmailContent } from "./layout.server";

// What every email about a sale is made with (sale-templates.server.ts for the member,
// coach-templates.server.ts for the coach): the offer a product key is, the rendered shape, the
// site's links, the greeting and money that never print "undefined" or "NaN".

export type OfferKind = "learn-to-lift" | "one-to-one" | "foundations" | "other";

export function offerKindOf(productKey: string): OfferKind {
  if (productKey === "learn-to-lift") return "learn-to-lift";
  if (productKey === "build-stronger-foundations") return "foundations";
  if (productKey.startsWith("stronger-with-")) return "one-to-one";
  return "other";
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  attachments?: EmailAttachment[];
}

export function siteUrl(path: string): string {
  return `${getServerEnv().SITE_ORIGIN}${path}`;
}

export function greeting(name: string | null | undefined): string {
  const first = (name ?? "").trim().split(/\s+/)[0];
  return first ? `Hello ${first},` : "Hello,";
}

export function money(pence: number, currency: string): string {
  return formatMoney(Number.isFinite(pence) ? pence : 0, currency);
}

export function render(subject: string, content: EmailContent, attachments?: EmailAttachment[]): RenderedEmail {
  return { subject, ...renderLayout(content), ...(attachments ? { attachments } : {}) };
}
