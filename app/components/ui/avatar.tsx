import { cn } from "~/utils/cn";

const sizes = {
  sm: "size-9 text-xs",
  md: "size-11 text-sm",
  lg: "size-16 text-xl",
  xl: "size-24 text-3xl",
} as const;

/** "Jo Bloggs" → "JB", "jo@example.com" → "J". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").replace(/@.*/, "").trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? "";
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? "") : "";
  return (first + last).toUpperCase();
}

export interface AvatarProps {
  /** The picture; the initials show until it loads, and if it fails. */
  src?: string | null;
  /** The person's name: the accessible name and the source of the initials. */
  name: string;
  size?: keyof typeof sizes;
  /** Hide from assistive technology when a surrounding control already names it. */
  decorative?: boolean;
  className?: string;
}

/**
 * A round picture with an initials fallback. Fixed size, so nothing moves when the image loads.
 * NOTE: plain markup, no script: the initials sit under the picture, which covers them once it
 * has loaded; a picture that fails to load (its alt is empty) draws nothing, so they still show.
 * It works the same on the pages that do not hydrate.
 */
export function Avatar({ src, name, size = "md", decorative = false, className }: AvatarProps) {
  const initials = initialsOf(name);
  return (
    <span
      role={decorative ? undefined : "img"}
      aria-label={decorative ? undefined : name}
      aria-hidden={decorative || undefined}
      className={cn(
        "relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-100 align-middle select-none",
        sizes[size],
        className,
      )}
    >
      {/* NOTE: the initials are drawn by CSS, so a link around the avatar ("Profile Settings")
          has no visible text that differs from its accessible name. */}
      <span
        aria-hidden="true"
        data-initials={initials || "?"}
        className="flex size-full items-center justify-center font-semibold tracking-wide text-brand-800 before:content-[attr(data-initials)]"
      />
      {src ? <img src={src} alt="" decoding="async" className="absolute inset-0 size-full object-cover" /> : null}
    </span>
  );
}
