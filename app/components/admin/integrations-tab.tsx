import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import type { IntegrationsData } from "~/server/admin/integrations.server";
import { formatCount, formatDateTime } from "~/utils/format";

// docs/product.md §10.8 /settings/admin, Integrations tab: the email-marketing card (how members and
// subscribers reach the service, the sync's live figures, 'Retry failed', a link to the
// subscribers) and the community-platform card (a link to its members and the advice to invite
// engaged members to create accounts). 'Retry failed' is a plain form, so it works before
// JavaScript loads; the server answers with a redirect back here and a toast.

export const RETRY_FAILED_ACTION = "/settings/admin/integrations";

const number = new Intl.NumberFormat("en-GB");

function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className="btn btn-outline">
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="flex min-w-0 flex-col gap-1 rounded-2xl border border-sand-200 bg-sand-100 p-3.5 sm:p-4">
      <dt className="text-xs font-semibold text-ink-muted sm:text-sm">{label}</dt>
      <dd className="font-display text-2xl font-semibold text-brand-800 tabular-nums">{value}</dd>
      {note ? <dd className="text-xs text-ink-muted">{note}</dd> : null}
    </div>
  );
}

export function IntegrationsTab({ data }: { data: IntegrationsData }) {
  const { emailMarketing: mail, community, mail: delivery } = data;
  const navigation = useNavigation();
  const retrying = navigation.state !== "idle" && navigation.formAction === RETRY_FAILED_ACTION;
  const connected = mail.provider === "kit";

  return (
    <div className="grid gap-6 pt-4 lg:grid-cols-2">
      <Card role="region" aria-labelledby="integrations-email-title">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle id="integrations-email-title">Email marketing</CardTitle>
            <Badge variant={connected ? "success" : "neutral"}>{connected ? "Kit connected" : "Kit not connected"}</Badge>
          </div>
          <CardDescription>
            {connected
              ? "Everyone who confirms a sign-up to one of your email lists, and every new member who agreed to hear from you, is added to Kit automatically, tagged with where they signed up. If Kit can't be reached for a while, the site keeps trying until it can, so nobody is missed."
              : "Kit isn't connected, so nobody is added to your Kit account. Everyone who signs up is kept safely on this site instead: you'll find them in the Subscribers tab, and you can download them from there as a spreadsheet."}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {connected ? null : (
            <p className="rounded-2xl border border-warning-200 bg-warning-50 p-4 text-sm text-warning-800">
              To connect Kit, ask whoever looks after your website to add your Kit API key (you&rsquo;ll find it in
              your Kit account&rsquo;s settings). From then on, new sign-ups and new members go to Kit by themselves.
              People who signed up before that stay here: import the spreadsheet from the Subscribers tab into Kit
              once.
            </p>
          )}
          {/* Two figures a row where the card is narrow: a phone, and beside the community card on
              a laptop (1024–1279 px); three where "Subscribers" has room. */}
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
            <Figure label="Subscribers" value={number.format(mail.subscribers)} note="Confirmed or awaiting confirmation" />
            <Figure label="Confirmed" value={number.format(mail.confirmed)} note="Confirmed by email" />
            <Figure label="Queued" value={number.format(mail.queued)} note="Waiting to sync" />
            <Figure label="Failed" value={number.format(mail.failed)} note="Gave up after retrying" />
            <div className="col-span-2 flex flex-col gap-1 rounded-2xl border border-sand-200 bg-sand-100 p-4">
              <dt className="text-sm font-semibold text-ink-muted">{connected ? "Last successful sync" : "Last processed"}</dt>
              <dd className="font-display text-xl font-semibold text-brand-800 tabular-nums">
                {mail.lastSuccessfulSyncAt ? (
                  <time dateTime={mail.lastSuccessfulSyncAt}>{formatDateTime(mail.lastSuccessfulSyncAt)}</time>
                ) : (
                  "Not yet"
                )}
              </dd>
            </div>
          </dl>
        </CardContent>
        <CardFooter>
          <Form method="post" action={RETRY_FAILED_ACTION}>
            <input type="hidden" name="intent" value="retry-failed" />
            <Button type="submit" variant="primary" disabled={mail.failed === 0} loading={retrying} aria-describedby="integrations-retry-note">
              Retry failed
            </Button>
          </Form>
          {mail.subscribersUrl ? <ExternalLink href={mail.subscribersUrl}>View subscribers</ExternalLink> : null}
          <p id="integrations-retry-note" className="w-full text-sm text-ink-muted">
            {mail.failed === 0
              ? "No syncs have failed."
              : `${formatCount(mail.failed, "sync has", "syncs have")} failed. Retry once the cause is fixed (for example the API key).`}
          </p>
        </CardFooter>
      </Card>

      <Card role="region" aria-labelledby="integrations-delivery-title">
        <CardHeader>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <CardTitle id="integrations-delivery-title">Email delivery</CardTitle>
            <Badge variant={delivery.transport === "smtp" ? "success" : "neutral"}>
              {delivery.transport === "smtp" ? "Mail server connected" : "Outbox folder (no mail server)"}
            </Badge>
          </div>
          <CardDescription>
            Receipts, account emails and your sale notifications wait in a queue and are sent in the background. If the
            mail server is down, nothing is lost: each email is tried again every minute or two for the first hour, then
            every 15 minutes for more than a day, and is sent exactly once.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-2 xl:grid-cols-3">
            <Figure label="Queued" value={number.format(delivery.queued)} note="Waiting to be sent" />
            <Figure label="Sent today" value={number.format(delivery.sentToday)} note="Since midnight" />
            <Figure label="Failing" value={number.format(delivery.failing)} note="Being retried or gave up" />
            <div className="col-span-2 flex min-w-0 flex-col gap-1 rounded-2xl border border-sand-200 bg-sand-100 p-4 xl:col-span-3">
              <dt className="text-sm font-semibold text-ink-muted">Last error</dt>
              <dd className="text-sm break-words text-ink">
                {delivery.lastError ? (
                  <>
                    <time dateTime={delivery.lastError.at}>{formatDateTime(delivery.lastError.at)}</time>: {delivery.lastError.message}
                  </>
                ) : (
                  "None"
                )}
              </dd>
            </div>
          </dl>
        </CardContent>
        <CardFooter>
          <Form method="post" action={RETRY_FAILED_ACTION}>
            <input type="hidden" name="intent" value="retry-failed-mail" />
            <Button type="submit" variant="outline" disabled={delivery.failing === 0} aria-describedby="integrations-mail-note">
              Retry failed emails
            </Button>
          </Form>
          <p id="integrations-mail-note" className="w-full text-sm text-ink-muted">
            {delivery.failing === 0 ? "No emails are failing." : "Emails that are failing are retried on their own; retry now once the cause is fixed."}
          </p>
        </CardFooter>
      </Card>

      <Card role="region" aria-labelledby="integrations-community-title">
        <CardHeader>
          <CardTitle id="integrations-community-title">Community platform</CardTitle>
          <CardDescription>Your free community, with its monthly group video calls.</CardDescription>
        </CardHeader>
        <CardContent>
          <p className="text-base text-ink">
            Invite your most engaged community members to create an account here too: they&rsquo;ll receive your
            updates by email, can join your programmes in a couple of clicks, and appear in your members list.
          </p>
        </CardContent>
        {community.membersUrl ? (
          <CardFooter>
            <ExternalLink href={community.membersUrl}>View community members</ExternalLink>
          </CardFooter>
        ) : null}
      </Card>
    </div>
  );
}
