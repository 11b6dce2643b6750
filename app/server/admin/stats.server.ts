import { sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";

// The dashboard's figures (docs/product.md §10.2 stat cards, §14.3 windows) and the chart
// of weekly sign-ups and revenue (docs/product.md §10.2). Each is one statement, so the figures agree
// with each other and cost one round trip.

export const NEW_USERS_DAYS = 7;
export const ACTIVE_USERS_DAYS = 30;
export const CHART_WEEKS = 12;
/** Weeks start on Monday in the coach's own time zone. */
const TZ = "Europe/London";

/** From this many profiles the total is PostgreSQL's own estimate rather than a count. */
export const EXACT_TOTAL_LIMIT = 200_000;

export interface DashboardStats {
  totalUsers: number;
  /** True when totalUsers is the planner's estimate (kept current by autovacuum), not a count. */
  totalIsEstimate: boolean;
  newThisWeek: number;
  /** docs/product.md §10.2: distinct members with a login in the last 30 days. */
  activeUsers: number;
  administrators: number;
}

export async function loadStats(db: Queryable): Promise<DashboardStats> {
  // NOTE: counting 1,000,000 profiles reads the whole table (~40 ms on its own, over the
  // dashboard's 50 ms budget). Past EXACT_TOTAL_LIMIT the card shows pg_class.reltuples instead,
  // an estimate autovacuum keeps within a few per cent; below it (or before the table has ever
  // been analysed, reltuples < 0) it counts. The CASE runs the count only when it is needed.
  // Active Users counts profiles.last_login_at (a trigger on login_history keeps it, drizzle/0003),
  // rather than a DISTINCT over every login of the last 30 days.
  // Decision: docs/decisions/111-dashboard-stats-and-chart.md.
  // New This Week and Active Users: the whole days of their window from the figures the database
  // keeps per day (drizzle/0022_daily_figures.sql: sign-ups, and members by the day of their
  // latest login), and its first, partial day counted on the index; counting the window's rows
  // took 60–90 ms for Active Users at 1,000,000 members (decision 280).
  const result = await db.execute<{ total: number; estimated: boolean; new_users: number; active: number; admins: number }>(sql`
    with estimate as (
      select coalesce((select reltuples from pg_class where oid = 'profiles'::regclass), -1) as rows
    ),
    windows as (
      select now() - make_interval(days => ${NEW_USERS_DAYS}) as new_from,
             ((now() - make_interval(days => ${NEW_USERS_DAYS})) at time zone ${TZ})::date + 1 as new_whole_days_from,
             now() - make_interval(days => ${ACTIVE_USERS_DAYS}) as active_from,
             ((now() - make_interval(days => ${ACTIVE_USERS_DAYS})) at time zone ${TZ})::date + 1 as active_whole_days_from
    )
    select
      case when estimate.rows >= ${EXACT_TOTAL_LIMIT} then estimate.rows::bigint
           else (select count(*) from profiles) end::int as total,
      estimate.rows >= ${EXACT_TOTAL_LIMIT} as estimated,
      ((select count(*) from profiles
         where created_at >= windows.new_from and created_at < (windows.new_whole_days_from::timestamp at time zone ${TZ}))
       + (select coalesce(sum(signups), 0) from daily_figures where day >= windows.new_whole_days_from))::int as new_users,
      ((select count(*) from profiles
         where last_login_at >= windows.active_from and last_login_at < (windows.active_whole_days_from::timestamp at time zone ${TZ}))
       + (select coalesce(sum(last_logins), 0) from daily_figures where day >= windows.active_whole_days_from))::int as active,
      (select count(*) from user_roles where role = 'admin')::int as admins
    from estimate, windows
  `);
  const row = result.rows[0];
  return {
    totalUsers: Number(row?.total ?? 0),
    totalIsEstimate: row?.estimated === true,
    newThisWeek: Number(row?.new_users ?? 0),
    activeUsers: Number(row?.active ?? 0),
    administrators: Number(row?.admins ?? 0),
  };
}

export interface WeeklyPoint {
  /** The Monday the week starts on, as YYYY-MM-DD (Europe/London). */
  weekStart: string;
  signups: number;
  /** Paid in pounds sterling that week, less what has been refunded of it, in pence. */
  revenuePence: number;
}

/**
 * The last 12 weeks (this one included), oldest first, every week present even when empty.
 * Revenue counts GBP purchases (the catalogue's currency) net of refunds.
 */
export async function loadWeeklyChart(db: Queryable, weeks = CHART_WEEKS): Promise<WeeklyPoint[]> {
  // NOTE: from the day-by-day figures the database keeps as profiles and purchases change
  // (drizzle/0022_daily_figures.sql): at most 84 rows, however many members and payments there
  // are, where counting the rows themselves took over a second at 1,000,000 (decision 280).
  const result = await db.execute<{ week: string; signups: number; revenue: number }>(sql`
    with bounds as (
      select (date_trunc('week', now() at time zone ${TZ}) - make_interval(weeks => ${weeks - 1}))::date as first_week
    ),
    series as (
      select generate_series(first_week::timestamp, first_week::timestamp + make_interval(weeks => ${weeks - 1}), interval '1 week')::date as week from bounds
    ),
    weekly as (
      select date_trunc('week', daily_figures.day)::date as week, sum(signups)::int as signups, sum(revenue_pence)::bigint as revenue
      from daily_figures, bounds
      where daily_figures.day >= bounds.first_week
      group by 1
    )
    select to_char(series.week, 'YYYY-MM-DD') as week,
           coalesce(weekly.signups, 0)::int as signups,
           coalesce(weekly.revenue, 0)::bigint as revenue
    from series
    left join weekly on weekly.week = series.week
    order by series.week
  `);
  return result.rows.map((row) => ({
    weekStart: row.week,
    signups: Number(row.signups),
    revenuePence: Number(row.revenue),
  }));
}
