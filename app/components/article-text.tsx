import { Fragment, type ReactNode } from "react";
import { Link } from "react-router";

// Copy in app/content is plain strings with two inline marks, so the same text can feed a page,
// an FAQ answer and the JSON-LD:
//   [label](/path) or [label](https://…) or [label](mailto:…) → a link
//   **words** → strong emphasis
// Nothing else is interpreted; there is no HTML.

const TOKEN = /\[([^\]]+)\]\(([^)\s]+)\)|\*\*([^*]+)\*\*/g;

/** The text with its marks removed: "[Learn to Lift](/learn-to-lift)" → "Learn to Lift". */
export function plainText(source: string): string {
  return source.replace(TOKEN, (_match, label: string | undefined, _href, bold: string | undefined) => label ?? bold ?? "");
}

function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href);
}

export interface RichTextProps {
  children: string;
  /** Classes for the links (the site's inline link style by default). */
  linkClassName?: string;
}

/** Renders one string of content copy with its links and emphasis. */
export function RichText({ children, linkClassName = "link" }: RichTextProps) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of children.matchAll(TOKEN)) {
    const index = match.index ?? 0;
    if (index > last) parts.push(children.slice(last, index));
    const [, label, href, bold] = match;
    const key = `${index}`;
    if (label && href) {
      if (href.startsWith("/")) {
        parts.push(
          <Link key={key} to={href} className={linkClassName}>
            {label}
          </Link>,
        );
      } else if (isExternal(href)) {
        parts.push(
          <a key={key} href={href} className={linkClassName} target="_blank" rel="noopener noreferrer">
            {label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>,
        );
      } else {
        parts.push(
          <a key={key} href={href} className={linkClassName}>
            {label}
          </a>,
        );
      }
    } else if (bold) {
      parts.push(
        <strong key={key} className="font-semibold">
          {bold}
        </strong>,
      );
    }
    last = index + match[0].length;
  }
  if (last < children.length) parts.push(children.slice(last));
  return <Fragment>{parts}</Fragment>;
}

/** Paragraphs of content copy, each a <p>. */
export function RichParagraphs({ paragraphs, className }: { paragraphs: readonly string[]; className?: string }) {
  return (
    <>
      {paragraphs.map((text) => (
        <p key={text} className={className}>
          <RichText>{text}</RichText>
        </p>
      ))}
    </>
  );
}
