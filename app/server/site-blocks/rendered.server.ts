import { getBlock, getContentSite, type ContentSite } from "~/server/site-blocks/blocks.server";
import { photoSources } from "~/server/site-blocks/photos.server";
import { markdownToText, renderMarkdown } from "~/utils/markdown";
import type { PhotoSources } from "~/validation/content-photos";
import type { Qualification } from "~/validation/content";

// The coach's words as the public pages show them (docs/product.md §10.13): her Markdown rendered
// here, on the server, to HTML that can hold no script (app/utils/markdown.ts), with the plain text
// beside it for structured data. The pages that use these do not hydrate, so nothing but the HTML
// reaches the browser.

export interface RenderedFaqItem {
  question: string;
  /** The answer as safe HTML. */
  html: string;
  /** The answer's words, for the FAQPage structured data. */
  text: string;
}

export type FaqBlock = "faqCoaching" | "faqLearnToLift" | "faqFoundations";

export async function renderedFaq(block: FaqBlock, site?: ContentSite): Promise<RenderedFaqItem[]> {
  const items = await getBlock(block, site ?? (await getContentSite()));
  return items.map((item) => ({ question: item.question, html: renderMarkdown(item.answer), text: markdownToText(item.answer) }));
}

export interface PagePhoto {
  sources: PhotoSources;
  alt: string;
}

/** One of her photos, ready for <ResponsivePhoto>; null while the artwork is shown. */
export async function pagePhoto(block: "coachPhoto" | "heroPhoto"): Promise<PagePhoto | null> {
  const value = await getBlock(block);
  return value ? { sources: photoSources(value.photo), alt: value.alt } : null;
}

export interface RenderedMeetPage {
  bioHtml: string;
  storyHtml: string;
  quote: string;
  caption: string;
  photo: PagePhoto | null;
  qualifications: Qualification[];
}

export async function renderedMeetPage(): Promise<RenderedMeetPage> {
  const site = await getContentSite();
  const [meet, photo, qualifications] = await Promise.all([getBlock("meetPage", site), pagePhoto("coachPhoto"), getBlock("qualifications", site)]);
  return {
    bioHtml: renderMarkdown(meet.bio),
    storyHtml: renderMarkdown(meet.story),
    quote: meet.quote,
    caption: meet.caption,
    photo,
    qualifications,
  };
}
