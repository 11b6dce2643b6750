import { useId, useState } from "react";
import { Form } from "react-router";
import type { SubscriberPage, SubscriberRow } from "~/server/admin/subscribers.server";
import { SUBSCRIBER_FORM_LABELS, SUBSCRIBER_STATUS_LABELS, SUBSCRIBER_SYNC_LABELS } from "~/content/subscriber-labels";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Badge, type BadgeVariant } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatCount, formatLongDate } from "~/utils/format";
import { DELETE_CONFIRMATION_WORD } from "~/validation/admin";
import { DownloadIcon, SearchIcon, TrashIcon } from "./admin-icons";
import { PageLinks } from "./page-links";
import { EmailText } from "~/components/ui/email-text";

// docs/product.md §10.12 Subscribers view: every email-list sign-up, newest first, searchable
// within addresses (a GET form: it works before JavaScript loads), fifty to a page, as CSV, and
// 'Delete' for an erasure request, confirmed by typing DELETE (the server checks it again).

const number = new Intl.NumberFormat("en-GB");

const STATUS_BADGES: Record<SubscriberRow["status"], BadgeVariant> = { confirmed: "success", pending: "warning", unsubscribed: "neutral" };

const SUBSCRIBERS_TAB = "/settings/admin/subscribers";

function tabHref(query: string, page = 1, base = SUBSCRIBERS_TAB): string {
  const params = new URLSearchParams();
  if (query) params.set("q", query);
  if (page > 1) params.set("page", String(page));
  const text = params.toString();
  return text ? `${base}?${text}` : base;
}

export function SubscribersTab({ page }: { page: SubscriberPage }) {
  const figure = page.capped ? `${number.format(page.count)}+` : number.format(page.count);
  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2">
          <CardTitle as="h3">Subscribers</CardTitle>
          <CardDescription>
            {page.query
              ? `${figure} ${page.count === 1 && !page.capped ? "sign-up matches" : "sign-ups match"} “${page.query}”.`
              : `Everyone who joined an email list, newest first (${formatCount(page.count, "sign-up")}).`}
          </CardDescription>
        </div>
        <a href={tabHref(page.query, 1, "/settings/admin/subscribers.csv")} download className="btn btn-outline btn-sm self-start">
          <DownloadIcon className="size-4.5" />
          Export subscribers (CSV)
        </a>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-8">
        <Form method="get" action={SUBSCRIBERS_TAB} role="search" className="flex flex-col gap-2 sm:flex-row">
          <label htmlFor="subscriber-search" className="sr-only">
            Search subscribers by email
          </label>
          <div className="relative flex-1">
            <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
            <input
              id="subscriber-search"
              type="search"
              name="q"
              defaultValue={page.query}
              placeholder="Search by email..."
              maxLength={100}
              autoComplete="off"
              className="block min-h-12 w-full rounded-xl border border-line-strong bg-white py-2.5 pr-4 pl-12 text-base text-ink shadow-xs placeholder:text-ink-muted hover:border-ink-muted focus-visible:border-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
            />
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {page.rows.length > 0 ? (
          <>
            <ul className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200" aria-label="Subscribers">
              {page.rows.map((row) => (
                <SubscriberItem key={row.id} row={row} />
              ))}
            </ul>
            <PageLinks
              label="Pages of subscribers"
              page={page.page}
              previous={page.hasPrevious ? tabHref(page.query, page.page - 1) : null}
              next={page.hasNext ? tabHref(page.query, page.page + 1) : null}
            />
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-sand-300 bg-sand-50 px-4 py-10 text-center text-ink-muted">
            {page.query ? "No subscribers match your search." : "No one has joined an email list yet."}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function SubscriberItem({ row }: { row: SubscriberRow }) {
  return (
    <li className="flex flex-col gap-2 px-3 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-4">
      <div className="flex min-w-0 flex-1 flex-col gap-0.5">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <EmailText email={row.email} className="font-semibold" />
          <Badge variant={STATUS_BADGES[row.status]}>{SUBSCRIBER_STATUS_LABELS[row.status]}</Badge>
        </p>
        <p className="text-sm text-ink-muted">
          {row.firstName ? `${row.firstName} · ` : ""}
          {SUBSCRIBER_FORM_LABELS[row.form]} · <time dateTime={row.createdAt}>{formatLongDate(row.createdAt)}</time> · {SUBSCRIBER_SYNC_LABELS[row.sync]}
        </p>
      </div>
      <div className="flex shrink-0 self-end sm:self-center">
        <EraseDialog row={row} />
      </div>
    </li>
  );
}

function EraseDialog({ row }: { row: SubscriberRow }) {
  const [typed, setTyped] = useState("");
  const inputId = useId();
  return (
    <AlertDialog onOpenChange={(open) => (open ? null : setTyped(""))}>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Delete ${row.email}`} className="text-danger-700 hover:bg-danger-50 hover:text-danger-800">
          <TrashIcon className="size-4.5" />
          <span className="hidden lg:inline">Delete</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <Form method="post" action={SUBSCRIBERS_TAB}>
          <input type="hidden" name="intent" value="erase-subscriber" />
          <input type="hidden" name="subscriberId" value={row.id} />
          <AlertDialogHeader>
            <AlertDialogTitle>Delete subscriber</AlertDialogTitle>
            <AlertDialogDescription>
              For an erasure request: every email-list sign-up of <strong className="font-semibold text-ink"><EmailText email={row.email} /></strong> is
              deleted from this site, and the email-marketing service is told to stop sending to it. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="mt-6 flex flex-col gap-2">
            <Label htmlFor={inputId}>Type DELETE to confirm</Label>
            <Input id={inputId} name="confirmation" value={typed} onChange={(event) => setTyped(event.target.value)} autoComplete="off" autoCapitalize="characters" spellCheck={false} />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button">Cancel</AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={typed !== DELETE_CONFIRMATION_WORD}>
              Delete subscriber
            </Button>
          </AlertDialogFooter>
        </Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
