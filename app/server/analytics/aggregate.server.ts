import { sql, type SQL } from "drizzle-orm";

// The daily figures (docs/analytics.md), as one query over the raw rows of a span of UTC days:
// what the sweep stores in analytics_days for each day that has ended, and what the Analytics tab
// adds up live for the days not stored yet (today). Each row is (day, dimension, value, views,
// visitors, amount):
//   total                      every view and every visitor of the day
//   page / source / campaign / landing
//                              by path; by where the visitor came from (her first view of the day:
//                              its utm_source, else the referring site, else 'Direct'); by her
//                              first view's utm_campaign; by her first page
//   funnel                     '<product>\t<step>': visitors at each step ('visited' once, as '*')
//                              and, for 'paid', the amount
//   funnel:source / funnel:landing / funnel:campaign
//                              '<group>\t<product>\t<step>': the same, split by her source,
//                              first page or campaign that day
// A visitor is one person on one UTC day (the salt changes at midnight), so a period's visitors
// are the sum of its days'.

export interface OfferPage {
  productKey: string;
  salesPath: string;
}

/** The query's rows for the UTC days from `fromDay` to `toDay` (YYYY-MM-DD, both included). */
export function dailyFiguresQuery(fromDay: string, toDay: string, offers: OfferPage[]): SQL {
  const offerRows = offers.length
    ? sql.join(
        offers.map((o) => sql`(${o.productKey}::text, ${o.salesPath}::text)`),
        sql`, `,
      )
    : sql`(null::text, null::text)`;
  const from = sql`(${fromDay}::date)::timestamp at time zone 'UTC'`;
  const to = sql`((${toDay}::date) + 1)::timestamp at time zone 'UTC'`;
  return sql`
    with views as (
      select (viewed_at at time zone 'UTC')::date as day, visitor, split_part(path, '?', 1) as page, viewed_at, id,
             coalesce(utm_source, referrer_host, 'Direct') as source, utm_campaign as campaign
      from page_views where viewed_at >= ${from} and viewed_at < ${to}
    ),
    firsts as (
      select distinct on (day, visitor) day, visitor, page as landing, source, campaign
      from views order by day, visitor, viewed_at, id
    ),
    per_visitor as (select day, visitor, count(*)::int as views from views group by day, visitor),
    offers (product, page) as (values ${offerRows}),
    events as (
      select (at at time zone 'UTC')::date as day, kind, product_key as product, visitor, coalesce(amount_pence, 0)::bigint as amount
      from funnel_events where at >= ${from} and at < ${to}
    ),
    steps as (
      select day, '*'::text as product, 'visited'::text as step, visitor, 0::bigint as amount from per_visitor
      union all
      select distinct v.day, o.product, 'offer', v.visitor, 0::bigint from views v join offers o on o.page = v.page
      union all
      select day, product, kind, visitor, amount from events
    ),
    split_steps as (
      select s.*, coalesce(f.source, 'Direct') as source, coalesce(f.landing, 'Unknown') as landing, f.campaign
      from steps s left join firsts f on f.day = s.day and f.visitor = s.visitor
    ),
    visits as (select f.*, p.views from firsts f join per_visitor p using (day, visitor))
    select day::text as day, 'total' as dimension, '' as value, sum(views)::int as views, count(*)::int as visitors, 0::bigint as amount from per_visitor group by day
    union all
    select day::text, 'page', page, count(*)::int, count(distinct visitor)::int, 0 from views group by day, page
    union all
    select day::text, 'source', source, sum(views)::int, count(*)::int, 0 from visits group by day, source
    union all
    select day::text, 'campaign', campaign, sum(views)::int, count(*)::int, 0 from visits where campaign is not null group by day, campaign
    union all
    select day::text, 'landing', landing, sum(views)::int, count(*)::int, 0 from visits group by day, landing
    union all
    select day::text, 'funnel', product || E'\\t' || step, 0, count(distinct visitor)::int, sum(amount)::bigint from steps group by day, product, step
    union all
    select day::text, 'funnel:source', source || E'\\t' || product || E'\\t' || step, 0, count(distinct visitor)::int, sum(amount)::bigint from split_steps group by day, source, product, step
    union all
    select day::text, 'funnel:landing', landing || E'\\t' || product || E'\\t' || step, 0, count(distinct visitor)::int, sum(amount)::bigint from split_steps group by day, landing, product, step
    union all
    select day::text, 'funnel:campaign', campaign || E'\\t' || product || E'\\t' || step, 0, count(distinct visitor)::int, sum(amount)::bigint from split_steps where campaign is not null group by day, campaign, product, step
  `;
}
