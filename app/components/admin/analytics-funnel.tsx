import { useId } from "react";
import type { AnalyticsReport, EmailFunnel } from "~/server/analytics/report-types";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { formatPounds } from "~/utils/format";
import { ChoiceLinks, EmptyNote, TableFrame, headCell, numberCell } from "./analytics-parts";
import { analyticsHref, funnelByOffer, funnelFigures, formatPercent, type AnalyticsChoices } from "./analytics-figures";

// The Analytics tab's two funnels (docs/analytics.md): each offer's, from a visit to a payment,
// whole or split by source, landing page or UTM campaign (links, so the choice works before
// JavaScript loads); and the email lists', from signing up to buying within 30 days.

const number = new Intl.NumberFormat("en-GB");

interface StepGroup {
  /** The source, landing page or campaign of a split funnel; null for the whole. */
  heading: string | null;
  steps: { label: string; count: number }[];
  /** The amount paid through this funnel, when it ends in a payment. */
  paidPence?: number;
}

export function OfferFunnelCard({ report, choices }: { report: AnalyticsReport; choices: AnalyticsChoices }) {
  const offers = funnelByOffer(report.funnel);
  // With no visits the report still lists each offer, all at nought: a sentence says it better.
  const counted = report.funnel.some((row) => Object.values(row.steps).some((count) => count > 0));
  const split = choices.splits.find((s) => s.value === report.split);
  return (
    <Card id="funnel">
      <CardHeader className="px-4 sm:px-8">
        <CardTitle as="h4">Funnel</CardTitle>
        <CardDescription>
          For each offer: how many visitors opened its page, started its checkout and paid. Drop-off is the share lost since the step before.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-8">
        <ChoiceLinks
          label="Split the funnel"
          choices={choices.splits.map((s) => ({
            label: s.label,
            href: `${analyticsHref({ period: report.period, split: s.value })}#funnel`,
            current: s.value === report.split,
          }))}
        />
        {counted ? (
          offers.map((offer) => (
            <FunnelTable
              key={offer.productKey}
              title={offer.productName}
              caption={split && report.split !== "none" ? split.label : null}
              countHeading="Visitors"
              groups={offer.rows.map((row) => ({
                heading: report.split === "none" ? null : (row.group ?? "Not known"),
                steps: choices.steps.map((step) => ({ label: step.label, count: row.steps[step.value] })),
                paidPence: row.paidPence,
              }))}
            />
          ))
        ) : (
          <EmptyNote>No visitors reached an offer in this period yet.</EmptyNote>
        )}
      </CardContent>
    </Card>
  );
}

const EMAIL_STEPS = [
  { key: "signedUp", label: "Signed up" },
  { key: "confirmed", label: "Confirmed" },
  { key: "boughtWithin30Days", label: "Bought within 30 days" },
] as const satisfies readonly { key: keyof EmailFunnel; label: string }[];

export function EmailFunnelCard({ email }: { email: EmailFunnel }) {
  return (
    <Card>
      <CardHeader className="px-4 sm:px-8">
        <CardTitle as="h4">Email funnel</CardTitle>
        <CardDescription>Of the people who joined an email list in this period: how many confirmed their address, and how many bought within 30 days of joining.</CardDescription>
      </CardHeader>
      <CardContent className="px-4 sm:px-8">
        {email.signedUp > 0 ? (
          <FunnelTable
            title={null}
            caption="Email funnel"
            countHeading="People"
            groups={[{ heading: null, steps: EMAIL_STEPS.map((step) => ({ label: step.label, count: email[step.key] })) }]}
          />
        ) : (
          <EmptyNote>No one joined an email list in this period yet.</EmptyNote>
        )}
      </CardContent>
    </Card>
  );
}

/** One funnel as a table: a row per step, or a group of rows per source, page or campaign. */
function FunnelTable({ title, caption, countHeading, groups }: { title: string | null; caption: string | null; countHeading: string; groups: StepGroup[] }) {
  const titleId = useId();
  const first = groups[0]?.steps[0]?.label ?? "";
  return (
    <div className="flex flex-col gap-3">
      {title ? (
        <h5 id={titleId} className="text-lg font-semibold text-ink">
          {title}
          {caption ? <span className="font-normal text-ink-muted"> · {caption}</span> : null}
        </h5>
      ) : null}
      <TableFrame className="min-w-[34rem]" labelledBy={title ? titleId : undefined}>
        {title ? null : <caption className="sr-only">{caption}</caption>}
        <thead className="bg-sand-50 text-sm text-ink-muted">
          <tr>
            <th scope="col" className={headCell}>
              Step
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              {countHeading}
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Drop-off from the step before
            </th>
            <th scope="col" className={`${headCell} text-right`}>
              Conversion from ‘{first}’
            </th>
          </tr>
        </thead>
        {groups.map((group, g) => (
          <tbody key={g} className="divide-y divide-sand-200 border-t border-sand-200">
            {group.heading !== null ? (
              <tr className="bg-sand-100">
                <th scope="rowgroup" colSpan={4} className="px-4 py-2.5 font-semibold break-all">
                  {group.heading}
                </th>
              </tr>
            ) : null}
            {funnelFigures(group.steps.map((s) => s.count)).map((figures, i) => (
              <tr key={group.steps[i]!.label}>
                <th scope="row" className="px-4 py-3 font-normal">
                  {group.steps[i]!.label}
                </th>
                <td className={`${numberCell} font-semibold`}>{number.format(figures.count)}</td>
                <td className={numberCell}>{formatPercent(figures.dropOff)}</td>
                <td className={numberCell}>{formatPercent(figures.conversion)}</td>
              </tr>
            ))}
            {group.paidPence !== undefined ? (
              <tr>
                <th scope="row" className="px-4 py-3 font-normal text-ink-muted">
                  Amount paid
                </th>
                <td colSpan={3} className={`${numberCell} font-semibold text-brand-800`}>
                  {formatPounds(group.paidPence)}
                </td>
              </tr>
            ) : null}
          </tbody>
        ))}
      </TableFrame>
    </div>
  );
}
