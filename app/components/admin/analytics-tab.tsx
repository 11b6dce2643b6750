import type { ReactNode } from "react";
import type { AnalyticsReport, CountRow } from "~/server/analytics/report-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { cn } from "~/utils/cn";
import { formatPounds } from "~/utils/format";
import { DownloadIcon } from "./admin-icons";
import { AnalyticsChart } from "./analytics-chart";
import { ANALYTICS_CSV, analyticsHref, formatPercent, periodInWords, type AnalyticsChoices } from "./analytics-figures";
import { EmailFunnelCard, OfferFunnelCard } from "./analytics-funnel";
import { ChoiceLinks, CountTable, EmptyNote, TableFrame, headCell, numberCell } from "./analytics-parts";

// The Analytics tab (docs/analytics.md): the public pages' visitors and where they came from, the
// way from a visit to a payment, and the business's figures, for a period chosen with links
// (?period=…&split=…), so every view has an address, works before JavaScript loads and exports
// as the same CSV.

const number = new Intl.NumberFormat("en-GB");

export function AnalyticsTab({ report, choices }: { report: AnalyticsReport; choices: AnalyticsChoices }) {
  const query = { period: report.period, split: report.split };
  const periodLabel = choices.periods.find((p) => p.value === report.period)?.label ?? report.period;
  return (
    <div className="flex flex-col gap-6">
      <Card>
        <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-8">
          <div className="flex flex-col gap-2">
            <CardTitle as="h3">Analytics</CardTitle>
            <CardDescription>
              Visits to the public pages, where they came from and what they led to. {periodLabel}: {periodInWords(report.from, report.to)}.
            </CardDescription>
          </div>
          <a href={analyticsHref(query, ANALYTICS_CSV)} download className="btn btn-outline btn-sm self-start">
            <DownloadIcon className="size-4.5" />
            Export CSV
          </a>
        </CardHeader>
        <CardContent className="flex flex-col gap-6 px-4 sm:px-8">
          <section aria-labelledby="analytics-period" className="flex flex-col gap-3">
            <h4 id="analytics-period" className="font-semibold text-ink">
              Period
            </h4>
            <ChoiceLinks
              label="Period"
              choices={choices.periods.map((p) => ({ label: p.label, href: analyticsHref({ ...query, period: p.value }), current: p.value === report.period }))}
            />
          </section>
          <SummaryCards report={report} periodLabel={periodLabel} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="px-4 sm:px-8">
          <CardTitle as="h4">Visitors and page views</CardTitle>
          <CardDescription>
            {report.period === "12m" ? "Month by month." : "Day by day."} A visitor is counted once a day, however many pages she reads.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-4 sm:px-8">
          <AnalyticsChart points={report.chart} periodLabel={periodLabel} />
        </CardContent>
      </Card>

      <div className="grid gap-6 lg:grid-cols-2">
        <CountsCard title="Top pages" description="The pages read most in this period." labelHeading="Page" rows={report.topPages} empty="No visits counted in this period yet." />
        <CountsCard
          title="Sources"
          description="Where visitors came from: another site, a link's utm_source, or ‘Direct’ when there was neither."
          labelHeading="Source"
          rows={report.sources}
          empty="No visits counted in this period yet."
        />
      </div>
      <CountsCard
        title="UTM campaigns"
        description="Visits from links tagged with utm_campaign, in newsletters, posts or adverts."
        labelHeading="Campaign"
        rows={report.campaigns}
        empty="No visits from a campaign link in this period yet. Visits through links tagged with ?utm_campaign=… show up here."
      />

      <OfferFunnelCard report={report} choices={choices} />
      <EmailFunnelCard email={report.email} />
      <RevenueCard report={report} />
    </div>
  );
}

function SummaryCards({ report, periodLabel }: { report: AnalyticsReport; periodLabel: string }) {
  const b = report.business;
  const cards: { label: string; value: ReactNode; note: string }[] = [
    { label: "Visitors", value: number.format(report.visitors), note: periodLabel },
    { label: "Page views", value: number.format(report.views), note: periodLabel },
    { label: "Revenue", value: formatPounds(b.revenuePence), note: "Taken in this period" },
    { label: "MRR", value: formatPounds(b.mrrPence), note: "Monthly recurring revenue, now" },
    {
      label: "Churn",
      value:
        b.churn === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">Nothing to measure</span>
          </>
        ) : (
          formatPercent(b.churn)
        ),
      note:
        b.churn === null
          ? "No monthly subscriptions were active at the start"
          : `${number.format(b.endedSubscriptions)} of ${number.format(b.activeAtStart)} monthly ${b.activeAtStart === 1 ? "subscription" : "subscriptions"} ended`,
    },
    { label: "New members", value: number.format(b.newMembers), note: "Joined in this period" },
    { label: "Cancelled", value: number.format(b.cancelledMembers), note: "Cancelled in this period" },
  ];
  return (
    <section aria-labelledby="analytics-summary">
      <h4 id="analytics-summary" className="sr-only">
        Summary
      </h4>
      {/* The look of the overview's figures (stat-cards.tsx). */}
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4">
        {cards.map((card) => (
          <li key={card.label} className="flex min-w-0 flex-col gap-1 rounded-3xl border border-sand-200 bg-white p-4 shadow-sm min-[400px]:p-5 sm:p-6">
            <p className="text-xs font-semibold text-ink-muted sm:text-sm">{card.label}</p>
            <p className="font-display text-3xl font-semibold break-words text-brand-800 tabular-nums sm:text-4xl">{card.value}</p>
            <p className="text-sm text-ink-muted">{card.note}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function CountsCard({ title, description, labelHeading, rows, empty }: { title: string; description: string; labelHeading: string; rows: CountRow[]; empty: string }) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-8">
        <CardTitle as="h4">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-8">{rows.length > 0 ? <CountTable caption={title} labelHeading={labelHeading} rows={rows} /> : <EmptyNote>{empty}</EmptyNote>}</CardContent>
    </Card>
  );
}

function RevenueCard({ report }: { report: AnalyticsReport }) {
  const offers = report.business.revenueByOffer;
  return (
    <Card>
      <CardHeader className="px-4 sm:px-8">
        <CardTitle as="h4">Revenue by offer</CardTitle>
        <CardDescription>What each offer took in this period.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-8">
        {offers.length > 0 ? (
          <TableFrame>
            <caption className="sr-only">Revenue by offer</caption>
            <thead className="bg-sand-50 text-sm text-ink-muted">
              <tr>
                <th scope="col" className={headCell}>
                  Offer
                </th>
                <th scope="col" className={cn(headCell, "text-right")}>
                  Payments
                </th>
                <th scope="col" className={cn(headCell, "text-right")}>
                  Revenue
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-sand-200 border-t border-sand-200">
              {offers.map((offer) => (
                <tr key={offer.productKey}>
                  <th scope="row" className="px-4 py-3 font-normal">
                    {offer.productName}
                  </th>
                  <td className={numberCell}>{number.format(offer.payments)}</td>
                  <td className={cn(numberCell, "font-semibold text-brand-800")}>{formatPounds(offer.pence)}</td>
                </tr>
              ))}
            </tbody>
          </TableFrame>
        ) : (
          <EmptyNote>No payments in this period yet.</EmptyNote>
        )}
      </CardContent>
    </Card>
  );
}
