import { getServerEnv, getSiteConfig } from "~/config/env.server";

// The one branded layout of every email the site sends (docs/product.md §18, decision 221): a
// plain-text part and an HTML part made from the same content. The HTML is what mail clients
// render reliably: nested tables for layout, every style inline (no <style> block for Gmail or
// Outlook to drop), a 600 px column that shrinks to the screen (readable at 390 px), system
// fonts, the mark as a coloured tile with the business's initial (images are often blocked) and
// bulletproof buttons. Every piece of text is escaped here, once: no caller writes HTML.

export interface EmailAction {
  label: string;
  url: string;
}

export interface EmailSection {
  heading?: string;
  paragraphs?: string[];
  /** A list of points. */
  bullets?: string[];
  action?: EmailAction;
}

export interface EmailContent {
  /** The line a mail client shows after the subject (hidden in the body). */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  /** A receipt's rows: "Product", "Amount paid", "Transaction ID"… */
  details?: { label: string; value: string }[];
  action?: EmailAction;
  sections?: EmailSection[];
  footer?: string;
}

const COLOURS = {
  brand: "#7a3b52",
  brandDark: "#5f2d40",
  accent: "#eca77e",
  page: "#faf6f1",
  card: "#ffffff",
  ink: "#2b1f24",
  muted: "#5c5157",
  rule: "#eadfd6",
};
const SANS = "Helvetica,Arial,sans-serif";
const SERIF = "Georgia,'Times New Roman',serif";

/** Escapes text for the HTML part of an email. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** Only http(s) and mailto links reach an email; anything else becomes the site's address. */
function safeUrl(url: string): string {
  return /^(https?:\/\/|mailto:)/i.test(url) ? url : getServerEnv().SITE_ORIGIN;
}

function button(action: EmailAction): string {
  const url = escapeHtml(safeUrl(action.url));
  return `<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:24px 0"><tr><td bgcolor="${COLOURS.brand}" style="border-radius:999px;background:${COLOURS.brand}"><a href="${url}" style="display:inline-block;padding:14px 26px;font-family:${SANS};font-size:16px;font-weight:bold;line-height:1.2;color:#ffffff;text-decoration:none;border-radius:999px">${escapeHtml(action.label)}</a></td></tr></table>`;
}

function paragraph(text: string): string {
  return `<p style="margin:0 0 16px;font-family:${SANS};font-size:16px;line-height:1.6;color:${COLOURS.ink}">${escapeHtml(text)}</p>`;
}

function detailsTable(rows: { label: string; value: string }[]): string {
  const cells = rows
    .map(
      (row) =>
        `<tr><td style="padding:10px 12px 10px 0;border-bottom:1px solid ${COLOURS.rule};font-family:${SANS};font-size:14px;color:${COLOURS.muted};vertical-align:top;white-space:nowrap">${escapeHtml(row.label)}</td><td style="padding:10px 0;border-bottom:1px solid ${COLOURS.rule};font-family:${SANS};font-size:15px;color:${COLOURS.ink};font-weight:bold;word-break:break-all">${escapeHtml(row.value)}</td></tr>`,
    )
    .join("");
  return `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px;border-top:1px solid ${COLOURS.rule}">${cells}</table>`;
}

function sectionHtml(section: EmailSection): string {
  const heading = section.heading
    ? `<h2 style="margin:28px 0 12px;font-family:${SERIF};font-size:20px;line-height:1.3;color:${COLOURS.brandDark}">${escapeHtml(section.heading)}</h2>`
    : "";
  const bullets = section.bullets?.length
    ? `<ul style="margin:0 0 16px;padding-left:22px">${section.bullets.map((b) => `<li style="margin:0 0 8px;font-family:${SANS};font-size:16px;line-height:1.5;color:${COLOURS.ink}">${escapeHtml(b)}</li>`).join("")}</ul>`
    : "";
  return `${heading}${(section.paragraphs ?? []).map(paragraph).join("")}${bullets}${section.action ? button(section.action) : ""}`;
}

function sectionText(section: EmailSection): string {
  return [
    section.heading ? `${section.heading.toUpperCase()}\n` : "",
    ...(section.paragraphs ?? []).map((p) => `${p}\n`),
    ...(section.bullets ?? []).map((b) => `- ${b}`),
    section.bullets?.length ? "" : "",
    section.action ? `${section.action.label}: ${safeUrl(section.action.url)}\n` : "",
  ]
    .filter((line) => line !== "")
    .join("\n");
}

/** The text and HTML parts of one email, in the site's layout. */
export function renderLayout(content: EmailContent): { text: string; html: string } {
  const site = getSiteConfig();
  const origin = getServerEnv().SITE_ORIGIN;
  const host = new URL(origin).host;

  const textParts = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.details ?? []).map((d) => `${d.label}: ${d.value}`),
    content.details?.length ? "" : null,
    content.action ? `${content.action.label}: ${safeUrl(content.action.url)}\n` : null,
    ...(content.sections ?? []).flatMap((s) => [sectionText(s), ""]),
    content.footer ?? null,
    "",
    `${site.businessName}\n${origin}`,
  ].filter((line): line is string => line !== null);
  const text = textParts.join("\n").replace(/\n{3,}/g, "\n\n").trim() + "\n";

  const initial = escapeHtml((site.businessName.trim()[0] ?? "S").toUpperCase());
  const preheader = content.preheader
    ? `<div style="display:none;max-height:0;overflow:hidden;mso-hide:all;font-size:1px;line-height:1px;color:${COLOURS.page}">${escapeHtml(content.preheader)}</div>`
    : "";
  const html = `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="color-scheme" content="light"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:${COLOURS.page};-webkit-text-size-adjust:100%">
${preheader}<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" bgcolor="${COLOURS.page}" style="background:${COLOURS.page}"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;width:100%">
<tr><td style="padding:0 8px 16px"><table role="presentation" cellpadding="0" cellspacing="0" border="0"><tr><td width="40" height="40" align="center" valign="middle" bgcolor="${COLOURS.brand}" style="width:40px;height:40px;border-radius:12px;background:${COLOURS.brand};border-bottom:4px solid ${COLOURS.accent};font-family:${SERIF};font-size:20px;font-weight:bold;color:#ffffff">${initial}</td><td style="padding-left:12px;font-family:${SERIF};font-size:19px;font-weight:bold;color:${COLOURS.brand}">${escapeHtml(site.businessName)}</td></tr></table></td></tr>
<tr><td bgcolor="${COLOURS.card}" style="background:${COLOURS.card};border-radius:16px;padding:28px 22px">
<h1 style="margin:0 0 18px;font-family:${SERIF};font-size:25px;line-height:1.3;color:${COLOURS.ink}">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map(paragraph).join("\n")}
${content.details?.length ? detailsTable(content.details) : ""}
${content.action ? button(content.action) : ""}
${(content.sections ?? []).map(sectionHtml).join("\n")}
${content.footer ? `<p style="margin:28px 0 0;font-family:${SANS};font-size:14px;line-height:1.5;color:${COLOURS.muted}">${escapeHtml(content.footer)}</p>` : ""}
</td></tr>
<tr><td align="center" style="padding:18px 8px;font-family:${SANS};font-size:13px;line-height:1.5;color:${COLOURS.muted}">${escapeHtml(site.businessName)} · <a href="${escapeHtml(origin)}" style="color:${COLOURS.brand}">${escapeHtml(host)}</a></td></tr>
</table></td></tr></table>
</body></html>`;
  return { text, html };
}
