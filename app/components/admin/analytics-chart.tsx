import type { DayPoint } from "~/server/analytics/report-types";
import { cn } from "~/utils/cn";
import { chartLabel, chartLongLabel, tickIndexes } from "./analytics-figures";

// Visitors and page views per day (per month over 12 months) for the Analytics tab
// (docs/analytics.md), drawn on the server like the overview's chart (signups-chart.tsx): bars in
// SVG attributes (no inline styles, so a strict Content-Security-Policy holds), labels in HTML so
// they stay crisp at any width, a sentence for screen readers on the picture and the figures as
// a table beside it.

const number = new Intl.NumberFormat("en-GB");
const WIDTH = 10; // viewBox units per bar

export function AnalyticsChart({ points, periodLabel }: { points: DayPoint[]; periodLabel: string }) {
  const monthly = points.some((p) => /^\d{4}-\d{2}$/.test(p.label));
  const unit = monthly ? "month" : "day";
  const visitors = points.reduce((sum, p) => sum + p.visitors, 0);
  const views = points.reduce((sum, p) => sum + p.views, 0);
  if (points.length === 0 || views + visitors === 0) {
    return <p className="rounded-2xl border border-dashed border-sand-300 bg-sand-50 px-4 py-10 text-center text-ink-muted">No visits counted in this period yet.</p>;
  }
  if (points.length === 1) {
    // One bar would fill the whole chart (today's): its figures are said in words instead.
    const [only] = points as [DayPoint];
    return (
      <p className="rounded-2xl bg-sand-50 px-4 py-6 text-base text-ink">
        {chartLongLabel(only.label)}: <span className="font-semibold">{number.format(only.visitors)}</span> {only.visitors === 1 ? "visitor" : "visitors"} and{" "}
        <span className="font-semibold">{number.format(only.views)}</span> page {only.views === 1 ? "view" : "views"}. Choose a longer period to see them day by day.
      </p>
    );
  }
  const busiest = points.reduce((best, p) => (p.visitors > best.visitors ? p : best), points[0]!);
  const summary =
    `Visitors and page views per ${unit}, ${periodLabel.toLowerCase()}: ${number.format(visitors)} ${visitors === 1 ? "visitor" : "visitors"} ` +
    `and ${number.format(views)} page ${views === 1 ? "view" : "views"} in all. ` +
    `Busiest ${unit}: ${chartLongLabel(busiest.label)}, with ${number.format(busiest.visitors)} ${busiest.visitors === 1 ? "visitor" : "visitors"}.`;
  const max = Math.max(...points.map((p) => Math.max(p.views, p.visitors)), 0);
  const count = points.length;
  // Every label on a phone's two (the first and last) is also among the seven shown when wide.
  const wideTicks = new Set(tickIndexes(count, 7));
  const narrowTicks = new Set(tickIndexes(count, 2));
  const height = (value: number) => (max > 0 ? Math.max((value / max) * 96, value > 0 ? 1.5 : 0) : 0);

  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-wrap gap-x-6 gap-y-2 text-base text-ink-muted" aria-hidden="true">
        <li className="flex items-center gap-2">
          <span className="size-3.5 rounded-sm bg-brand-200" />
          Page views
        </li>
        <li className="flex items-center gap-2">
          <span className="size-3.5 rounded-sm bg-brand-700" />
          Visitors
        </li>
      </ul>
      <div role="img" aria-label={summary} className="flex flex-col gap-2">
        <div className="relative">
          <div className="flex h-44 flex-col justify-between border-l border-sand-300 pl-2 text-xs text-ink-muted tabular-nums">
            <span className="-mt-2">{max > 0 ? number.format(max) : ""}</span>
            <span className="-mb-2">0</span>
          </div>
          <svg
            viewBox={`0 0 ${count * WIDTH} 100`}
            preserveAspectRatio="none"
            className="absolute inset-y-0 right-0 left-16 h-44 w-[calc(100%-4rem)] overflow-visible"
            focusable="false"
            aria-hidden="true"
          >
            <line x1="0" y1="50" x2={count * WIDTH} y2="50" className="stroke-sand-200" strokeDasharray="2 3" vectorEffect="non-scaling-stroke" />
            <line x1="0" y1="100" x2={count * WIDTH} y2="100" className="stroke-sand-300" vectorEffect="non-scaling-stroke" />
            {points.map((p, i) => {
              // Page views behind, visitors in front: each visitor has read at least one page, so the
              // visitors' bar is never the taller.
              const viewsHeight = height(p.views);
              const visitorsHeight = height(p.visitors);
              const gap = count > 20 ? 1.5 : 2;
              return (
                <g key={p.label}>
                  <title>{`${chartLabel(p.label)}: ${number.format(p.visitors)} visitors, ${number.format(p.views)} page views`}</title>
                  <rect x={i * WIDTH + gap} y={100 - viewsHeight} width={WIDTH - 2 * gap} height={viewsHeight} rx="1" className="fill-brand-200" />
                  <rect x={i * WIDTH + gap} y={100 - visitorsHeight} width={WIDTH - 2 * gap} height={visitorsHeight} rx="1" className="fill-brand-700" />
                </g>
              );
            })}
          </svg>
        </div>
        {/* One cell per bar; a label is centred under its bar (and may spill over its neighbours),
            the first and last kept inside the chart. Two labels on a phone, seven when wide. */}
        <div className="ml-16 flex text-xs text-ink-muted" aria-hidden="true">
          {points.map((p, i) => (
            <span
              key={p.label}
              className={cn(
                "flex min-w-0 flex-1 whitespace-nowrap",
                i === 0 ? "justify-start" : i === count - 1 ? "justify-end" : "justify-center",
                !narrowTicks.has(i) && "invisible sm:visible",
              )}
            >
              {wideTicks.has(i) ? chartLabel(p.label) : ""}
            </span>
          ))}
        </div>
      </div>
      {/* NOTE: sr-only on a wrapper, not the table: a table is never narrower than its content
          (signups-chart.tsx). */}
      <div className="sr-only">
        <table>
          <caption>{`Visitors and page views per ${unit}, ${periodLabel.toLowerCase()}`}</caption>
          <thead>
            <tr>
              <th scope="col">{monthly ? "Month" : "Day"}</th>
              <th scope="col">Visitors</th>
              <th scope="col">Page views</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.label}>
                <th scope="row">{chartLongLabel(p.label)}</th>
                <td>{number.format(p.visitors)}</td>
                <td>{number.format(p.views)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
