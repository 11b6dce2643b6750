import { Fragment, type CSSProperties } from "react";

/**
 * An email address that, where it must wrap, wraps before its "@" or a dot, never inside a word
 * (docs/decisions/261). `overflow-wrap: break-word` is left only for a single part too long for
 * its line, so the address can never push a phone's screen wider.
 */
export function EmailText({ email, className, style }: { email: string; className?: string; style?: CSSProperties }) {
  const parts = email.split(/(?=[@.])/);
  return (
    <span className={className ? `break-words ${className}` : "break-words"} style={style}>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
