import type { ReactNode } from "react";
import { Link } from "react-router";
import type { CountRow } from "~/server/analytics/report-types";
import { cn } from "~/utils/cn";

// The small pieces the Analytics tab's cards share (docs/analytics.md): a row of choices as plain
// links (a period, a split: each view has its address and works before JavaScript loads), the
// kind sentence of an empty list, and a list of pages, sources or campaigns as a table.

const number = new Intl.NumberFormat("en-GB");

export function ChoiceLinks({ label, choices }: { label: string; choices: { label: string; href: string; current: boolean }[] }) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-wrap gap-2">
        {choices.map((choice) => (
          <li key={choice.href}>
            <Link
              to={choice.href}
              preventScrollReset
              aria-current={choice.current ? "page" : undefined}
              className={cn(
                "inline-flex min-h-11 items-center rounded-full border px-4 text-base font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700",
                choice.current ? "border-brand-800 bg-brand-800 text-white" : "border-sand-300 bg-white text-brand-800 hover:bg-sand-100",
              )}
            >
              {choice.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-dashed border-sand-300 bg-sand-50 px-4 py-10 text-center text-ink-muted">{children}</p>;
}

export const headCell = "px-4 py-3 font-semibold";
export const numberCell = "px-4 py-3 text-right whitespace-nowrap tabular-nums";

/** A table in a rounded frame that scrolls sideways on a narrow screen rather than squashing. */
export function TableFrame({ children, className, labelledBy }: { children: ReactNode; className?: string; labelledBy?: string }) {
  return (
    // Focusable, so a keyboard can scroll it sideways too.
    <div tabIndex={0} className="overflow-x-auto rounded-2xl border border-sand-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
      <table className={cn("w-full border-collapse text-left text-base", className)} aria-labelledby={labelledBy}>
        {children}
      </table>
    </div>
  );
}

/** Top pages, sources or campaigns: each with its visitors and page views. */
export function CountTable({ caption, labelHeading, rows }: { caption: string; labelHeading: string; rows: CountRow[] }) {
  return (
    <TableFrame>
      <caption className="sr-only">{caption}</caption>
      <thead className="bg-sand-50 text-sm text-ink-muted">
        <tr>
          <th scope="col" className={headCell}>
            {labelHeading}
          </th>
          <th scope="col" className={cn(headCell, "text-right")}>
            Visitors
          </th>
          <th scope="col" className={cn(headCell, "text-right")}>
            Page views
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-sand-200 border-t border-sand-200">
        {rows.map((row) => (
          <tr key={row.label}>
            <th scope="row" className="w-full px-4 py-3 font-normal [overflow-wrap:anywhere]">
              {row.label}
            </th>
            <td className={cn(numberCell, "font-semibold")}>{number.format(row.visitors)}</td>
            <td className={numberCell}>{number.format(row.views)}</td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}
