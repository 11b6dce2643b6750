import type { DashboardStats } from "~/server/admin/stats.server";

// docs/product.md §10.2 stat cards: Total Users (Registered members), New This Week (Recent signups), Active
// Users (Last 30 days), Administrators (Admin access).

const CARDS = [
  { key: "totalUsers", label: "Total Users", note: "Registered members" },
  { key: "newThisWeek", label: "New This Week", note: "Recent signups" },
  { key: "activeUsers", label: "Active Users", note: "Last 30 days" },
  { key: "administrators", label: "Administrators", note: "Admin access" },
] as const;

const number = new Intl.NumberFormat("en-GB");

export function StatCards({ stats }: { stats: DashboardStats | null }) {
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="sr-only">
        At a glance
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CARDS.map((card) => (
          <li
            key={card.key}
            className="flex min-w-0 flex-col gap-1 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm min-[400px]:p-5 sm:p-6"
          >
            {/* Smaller on a phone, where "Administrators" is wider than half the screen's card. */}
            <p className="text-xs font-semibold text-ink-muted sm:text-sm">{card.label}</p>
            <p className="font-display text-3xl font-semibold text-brand-800 tabular-nums sm:text-4xl">
              {stats ? (
                number.format(stats[card.key])
              ) : (
                <>
                  <span aria-hidden="true">–</span>
                  <span className="sr-only">Not available</span>
                </>
              )}
            </p>
            <p className="text-sm text-ink-muted">
              {card.note}
              {card.key === "totalUsers" && stats?.totalIsEstimate ? <span className="block text-xs">Approximate at this size</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
