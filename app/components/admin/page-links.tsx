import { Link } from "react-router";
import { ArrowLeftIcon, ArrowRightIcon } from "~/components/icons";

// The 'Previous' / 'Next' links under the dashboard's paged lists (members, payments,
// subscribers): plain links to the page's address, so paging works before JavaScript loads.

export function PageLinks({
  label,
  page,
  previous,
  next,
  labels = { previous: "Previous", next: "Next" },
}: {
  /** The navigation's name, e.g. 'Pages of members'. */
  label: string;
  page: number;
  /** The address of the page before, or null on the first. */
  previous: string | null;
  next: string | null;
  labels?: { previous: string; next: string };
}) {
  if (!previous && !next) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-3">
      {previous ? (
        <Link to={previous} className="btn btn-outline btn-sm" preventScrollReset>
          <ArrowLeftIcon className="size-4.5" />
          {labels.previous}
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-muted">Page {page}</p>
      {next ? (
        <Link to={next} className="btn btn-outline btn-sm" preventScrollReset>
          {labels.next}
          <ArrowRightIcon className="size-4.5" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
