import type { WeeklyPoint } from "~/server/admin/stats.server";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { formatDayMonth, formatPounds } from "~/utils/format";

// Weekly sign-ups and revenue for the last 12 weeks (docs/product.md §10.2), drawn on the server: bars
// in SVG attributes (no inline styles, so a strict Content-Security-Policy holds), labels in HTML
// so they stay crisp at any width, and the same figures as a table for screen readers.

const number = new Intl.NumberFormat("en-GB");

export function SignupsChart({ points }: { points: WeeklyPoint[] | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Sign-ups and revenue</CardTitle>
        <CardDescription>Week by week over the last 12 weeks. Weeks start on Monday; revenue is net of refunds.</CardDescription>
      </CardHeader>
      <CardContent>
        {points && points.length > 0 ? (
          <>
            <div aria-hidden="true" className="grid gap-8 md:grid-cols-2">
              <BarPanel
                title="Sign-ups"
                total={number.format(points.reduce((sum, p) => sum + p.signups, 0))}
                values={points.map((p) => p.signups)}
                labels={points.map((p) => formatDayMonth(p.weekStart))}
                format={(v) => number.format(v)}
                barClass="fill-brand-600"
              />
              <BarPanel
                title="Revenue"
                total={formatPounds(points.reduce((sum, p) => sum + p.revenuePence, 0))}
                values={points.map((p) => p.revenuePence)}
                labels={points.map((p) => formatDayMonth(p.weekStart))}
                format={formatPounds}
                barClass="fill-accent-500"
              />
            </div>
            {/* NOTE: sr-only on a wrapper, not the table: a table is never narrower than its
                content, so a 1 px table still made the page as wide as its columns on a phone. */}
            <div className="sr-only">
              <table>
                <caption>Sign-ups and revenue (net of refunds) per week, over the last 12 weeks</caption>
                <thead>
                  <tr>
                    <th scope="col">Week starting</th>
                    <th scope="col">Sign-ups</th>
                    <th scope="col">Revenue</th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((p) => (
                    <tr key={p.weekStart}>
                      <th scope="row">{formatDayMonth(p.weekStart)}</th>
                      <td>{number.format(p.signups)}</td>
                      <td>{formatPounds(p.revenuePence)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : (
          <p className="text-ink-muted">The chart is not available just now.</p>
        )}
      </CardContent>
    </Card>
  );
}

interface BarPanelProps {
  title: string;
  total: string;
  values: number[];
  labels: string[];
  format: (value: number) => string;
  barClass: string;
}

const WIDTH = 10; // viewBox units per week

function BarPanel({ title, total, values, labels, format, barClass }: BarPanelProps) {
  const max = Math.max(...values, 0);
  const count = values.length;
  return (
    <div className="flex flex-col gap-3">
      <div className="flex items-baseline justify-between gap-3">
        <p className="font-semibold">{title}</p>
        <p className="text-sm text-ink-muted">
          <span className="font-display text-2xl font-semibold text-ink tabular-nums">{total}</span> in 12 weeks
        </p>
      </div>
      <div className="relative">
        <div className="flex h-36 flex-col justify-between border-l border-sand-300 pl-2 text-xs text-ink-muted tabular-nums">
          <span className="-mt-2">{max > 0 ? format(max) : ""}</span>
          <span className="-mb-2">0</span>
        </div>
        <svg
          viewBox={`0 0 ${count * WIDTH} 100`}
          preserveAspectRatio="none"
          className="absolute inset-y-0 right-0 left-16 h-36 w-[calc(100%-4rem)] overflow-visible"
          focusable="false"
        >
          <line x1="0" y1="50" x2={count * WIDTH} y2="50" className="stroke-sand-200" strokeDasharray="2 3" vectorEffect="non-scaling-stroke" />
          <line x1="0" y1="100" x2={count * WIDTH} y2="100" className="stroke-sand-300" vectorEffect="non-scaling-stroke" />
          {values.map((value, i) => {
            const height = max > 0 ? Math.max((value / max) * 96, value > 0 ? 1.5 : 0) : 0;
            return (
              <rect
                key={i}
                x={i * WIDTH + 2}
                y={100 - height}
                width={WIDTH - 4}
                height={height}
                rx="1"
                className={cn(barClass, i === count - 1 ? "opacity-100" : "opacity-85")}
              >
                <title>{`${labels[i]}: ${format(value)}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      {/* The first and last week on a phone; every other week, ending on this one, when wide. */}
      <div className="ml-16 flex justify-between text-[11px] text-ink-muted sm:hidden">
        <span>{labels[0]}</span>
        <span>{labels[count - 1]}</span>
      </div>
      <div className="ml-16 hidden grid-cols-12 text-center text-[11px] text-ink-muted sm:grid">
        {labels.map((label, i) => (
          <span key={label} className={cn("whitespace-nowrap", (count - 1 - i) % 2 !== 0 && "invisible")}>
            {label}
          </span>
        ))}
      </div>
    </div>
  );
}
