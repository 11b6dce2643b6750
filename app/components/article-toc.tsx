import { cn } from "~/utils/cn";

export interface TocItem {
  id: string;
  title: string;
}

export interface ArticleTocProps {
  items: readonly TocItem[];
  title?: string;
  /** Number the entries (legal pages). */
  numbered?: boolean;
  className?: string;
}

/**
 * The table of contents of a long page: plain in-page links, so it works before (and without)
 * JavaScript. On wide screens the page places it in a sticky side column.
 */
export function ArticleToc({ items, title = "In this guide", numbered = false, className }: ArticleTocProps) {
  return (
    <nav aria-labelledby="toc-heading" className={cn("rounded-3xl border border-sand-200 bg-white p-6 shadow-xs", className)}>
      <h2 id="toc-heading" className="font-sans text-xs font-bold tracking-[0.14em] text-accent-700 uppercase">
        {title}
      </h2>
      <ol className="mt-4 space-y-1">
        {items.map((item, index) => (
          <li key={item.id}>
            <a
              href={`#${item.id}`}
              className="flex min-h-10 items-baseline gap-3 rounded-lg px-2 py-1.5 text-base leading-snug text-ink transition-colors hover:bg-brand-50 hover:text-brand-800"
            >
              {numbered ? (
                <span aria-hidden="true" className="w-7 shrink-0 text-right font-semibold text-brand-600 tabular-nums">
                  {index + 1}.
                </span>
              ) : null}
              <span>{item.title}</span>
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
