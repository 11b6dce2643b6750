import type { Resource } from "~/content/resources";
import { Badge } from "./ui/badge";

/** docs/product.md §4.6: title, author, type and description, with where it was published. */
export function ResourceCard({ resource }: { resource: Resource }) {
  return (
    <article className="flex h-full flex-col rounded-3xl border border-sand-200 bg-white p-6 shadow-xs sm:p-7" data-resource-card="">
      <p>
        <Badge variant="accent">{resource.type}</Badge>
      </p>
      <h3 className="mt-4 font-display text-lg leading-snug">{resource.title}</h3>
      <p className="mt-2 text-sm font-semibold text-brand-800">{resource.author}</p>
      <p className="text-sm text-ink-muted">{resource.published}</p>
      <p className="mt-4 flex-1 text-base leading-relaxed text-ink-muted">{resource.description}</p>
      {resource.link ? (
        <p className="mt-5">
          <a href={resource.link.href} target="_blank" rel="noopener noreferrer" className="link inline-flex min-h-10 items-center text-base">
            Visit {resource.link.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
    </article>
  );
}
