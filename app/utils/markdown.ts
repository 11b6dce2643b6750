import MarkdownIt, { type MarkdownIt as MarkdownRenderer } from "markdown-it";

// The small, safe formatting the coach may use in the texts she writes on the dashboard (her
// story, FAQ answers, lesson bodies): Markdown, rendered on the server to HTML that can hold no
// script. Raw HTML typed into the text is shown as text (markdown-it's `html: false`); a link or
// picture may only point at the web (https/http), an email address, a phone number or a page of
// this site; everything else stays visible as the words she typed. See docs/security.md,
// "Text the coach writes".
//
// Two profiles:
// - "basic": paragraphs, line breaks, bold, italic, links and lists (short texts on public pages);
// - "lesson": basic plus headings (shown from h2 down: the page owns its h1), quotes, rules and
//   pictures (course lessons).

export type MarkdownProfile = "basic" | "lesson";

export interface MarkdownOptions {
  profile?: MarkdownProfile;
  /**
   * Origins (e.g. "https://files.example.com") a picture may come from besides this site's own
   * paths: the public address of the S3 bucket, when uploads are served from one.
   */
  imageOrigins?: readonly string[];
}

const BASIC_BLOCK_RULES = ["paragraph", "list"];
const BASIC_INLINE_RULES = ["emphasis", "link", "newline", "escape", "entity", "autolink", "linkify", "balance_pairs", "fragments_join", "text_join"];
const LESSON_BLOCK_RULES = [...BASIC_BLOCK_RULES, "heading", "lheading", "blockquote", "hr"];
const LESSON_INLINE_RULES = [...BASIC_INLINE_RULES, "image"];

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:", "tel:"]);

/** A site path ("/learn", "#faq", "/uploads/a.jpg"), never a protocol-relative "//host". */
function isSitePath(url: string): boolean {
  return (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) || url.startsWith("#");
}

function protocolOf(url: string): string | null {
  try {
    return new URL(url).protocol;
  } catch {
    return null;
  }
}

export function isSafeLink(url: string): boolean {
  const trimmed = url.trim();
  if (isSitePath(trimmed)) return true;
  const protocol = protocolOf(trimmed);
  return protocol !== null && LINK_PROTOCOLS.has(protocol);
}

export function isSafeImage(url: string, imageOrigins: readonly string[] = []): boolean {
  const trimmed = url.trim();
  if (trimmed.startsWith("/") && !trimmed.startsWith("//") && !trimmed.startsWith("/\\")) return true;
  try {
    const parsed = new URL(trimmed);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && imageOrigins.includes(parsed.origin);
  } catch {
    return false;
  }
}

function isExternal(url: string): boolean {
  const protocol = protocolOf(url.trim());
  return protocol === "http:" || protocol === "https:";
}

function createRenderer(profile: MarkdownProfile, imageOrigins: readonly string[]): MarkdownRenderer {
  const md = new MarkdownIt("zero", { html: false, linkify: true, breaks: true, typographer: false });
  md.enable(profile === "lesson" ? LESSON_BLOCK_RULES : BASIC_BLOCK_RULES, true);
  md.enable(profile === "lesson" ? LESSON_INLINE_RULES : BASIC_INLINE_RULES, true);
  // The links markdown-it lets through are checked again, tighter: only the protocols above.
  md.validateLink = (url) => isSafeLink(url) || isSafeImage(url, imageOrigins);

  const rules = md.renderer.rules;
  rules.link_open = (tokens, idx, options, _env, self) => {
    const token = tokens[idx]!;
    const href = String(token.attrGet("href") ?? "");
    if (!isSafeLink(href)) token.attrSet("href", "#");
    if (isExternal(href)) {
      token.attrSet("rel", "noopener noreferrer");
      token.attrSet("target", "_blank");
    }
    return self.renderToken(tokens, idx, options);
  };
  // A link that opens a new tab says so to a screen reader, as the site's other such links do.
  rules.link_close = (tokens, idx, options, _env, self) => {
    let open = idx - 1;
    while (open >= 0 && tokens[open]!.type !== "link_open") open -= 1;
    const newTab = open >= 0 && tokens[open]!.attrGet("target") === "_blank";
    return (newTab ? '<span class="sr-only"> (opens in a new tab)</span>' : "") + self.renderToken(tokens, idx, options);
  };
  if (profile === "lesson") {
    // The page's own title is its only h1; the coach's "# Warm-up" is a section of it.
    rules.heading_open = (tokens, idx, options, _env, self) => {
      const token = tokens[idx]!;
      const level = Math.min(Math.max(Number(token.tag.slice(1)) + 1, 2), 4);
      token.tag = `h${level}`;
      return self.renderToken(tokens, idx, options);
    };
    rules.heading_close = (tokens, idx, options, _env, self) => {
      const token = tokens[idx]!;
      const level = Math.min(Math.max(Number(token.tag.slice(1)) + 1, 2), 4);
      token.tag = `h${level}`;
      return self.renderToken(tokens, idx, options);
    };
    const image = rules.image!;
    rules.image = (tokens, idx, options, env, self) => {
      const token = tokens[idx]!;
      const src = String(token.attrGet("src") ?? "");
      // A picture from elsewhere is shown as its description, never fetched.
      if (!isSafeImage(src, imageOrigins)) return md.utils.escapeHtml(token.content);
      token.attrSet("loading", "lazy");
      token.attrSet("decoding", "async");
      return image(tokens, idx, options, env, self);
    };
  }
  return md;
}

const renderers = new Map<string, MarkdownRenderer>();

function rendererFor(options: MarkdownOptions): MarkdownRenderer {
  const profile = options.profile ?? "basic";
  const origins = [...(options.imageOrigins ?? [])].sort();
  const key = `${profile}|${origins.join(" ")}`;
  let md = renderers.get(key);
  if (!md) {
    md = createRenderer(profile, origins);
    renderers.set(key, md);
  }
  return md;
}

/** The coach's Markdown as safe HTML (to be set with dangerouslySetInnerHTML). */
export function renderMarkdown(source: string, options: MarkdownOptions = {}): string {
  return rendererFor(options).render(source);
}

/**
 * The words of a Markdown text without its formatting, for places that take plain text: page
 * descriptions, structured data (an FAQ answer in FAQPage), the text part of an email.
 */
export function markdownToText(source: string, options: MarkdownOptions = {}): string {
  const md = rendererFor(options);
  const blocks: string[] = [];
  let current: string[] = [];
  for (const token of md.parse(source, {})) {
    if (token.type === "inline") {
      for (const child of token.children ?? []) {
        if (child.type === "text" || child.type === "code_inline") current.push(child.content);
        else if (child.type === "softbreak" || child.type === "hardbreak") current.push(" ");
        else if (child.type === "image") current.push(child.content);
      }
    } else if (token.type.endsWith("_close") && token.block && current.length > 0) {
      blocks.push(current.join("").replace(/\s+/g, " ").trim());
      current = [];
    }
  }
  if (current.length > 0) blocks.push(current.join("").replace(/\s+/g, " ").trim());
  return blocks.filter(Boolean).join(" ");
}
