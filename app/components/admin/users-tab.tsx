import { useEffect, useId, useRef } from "react";
import { Form, useSubmit } from "react-router";
import type { MemberPage, MemberRow } from "~/server/admin/users.server";
import { Avatar } from "~/components/ui/avatar";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { showToast } from "~/components/ui/toaster";
import { formatMoney, formatLongDate } from "~/utils/format";
import { ADMIN_TEXT, GIVE_ACCESS_COURSES } from "~/validation/admin";
import { DownloadIcon, SearchIcon, ShieldMinusIcon, ShieldPlusIcon } from "./admin-icons";
import { AdminNotice } from "./admin-notice";
import { PageLinks } from "./page-links";
import { SaleStatusBadge } from "./sales-tab";
import { DeleteUserDialog } from "./delete-user-dialog";
import { EditUserDialog } from "./edit-user-dialog";
import { MemberFilesDialog } from "./member-files-dialog";
import { useAdminAction } from "./use-admin-action";
import { fullName } from "~/utils/names";
import { tabHref } from "~/utils/admin-tabs";

// docs/product.md §10.3 Users tab: search, the members newest first in pages of 25, and per-row edit,
// the files shared with her (§10.15), toggle admin and delete. The search is a GET form (?q=), so it
// works before JavaScript loads; with JavaScript it also searches as she types.

const number = new Intl.NumberFormat("en-GB");
const USERS_TAB = tabHref("users");

export interface UsersTabProps {
  page: MemberPage | null;
  failed: boolean;
  search: { query: string; page: number };
  adminId: string;
  /** How many administrators there are (the Administrators card), or null if it could not be read. */
  adminCount: number | null;
  totalUsers: number | null;
}

/**
 * docs/product.md §10.5, §10.6: what the only administrator reads beside the two actions she
 * cannot take on herself (the server refuses them too).
 */
const ONLY_ADMIN_NOTE =
  "You are the only administrator. Make another member an administrator before removing your own admin access or deleting your account.";

export function UsersTab({ page, failed, search, adminId, adminCount, totalUsers }: UsersTabProps) {
  useEffect(() => {
    if (failed) showToast({ title: ADMIN_TEXT.error, description: ADMIN_TEXT.loadUsersFailed, variant: "destructive" });
  }, [failed]);

  return (
    <Card>
      <CardHeader className="gap-4 px-4 sm:flex-row sm:items-start sm:justify-between sm:px-8">
        <div className="flex flex-col gap-2">
          <CardTitle as="h3">Members</CardTitle>
          <CardDescription>
            <Summary page={page} totalUsers={totalUsers} />
          </CardDescription>
        </div>
        <a href="/settings/admin/members.csv" download className="btn btn-outline btn-sm self-start">
          <DownloadIcon className="size-4.5" />
          Export members (CSV)
        </a>
      </CardHeader>
      <CardContent className="flex flex-col gap-6 px-4 sm:px-8">
        <SearchForm query={search.query} />
        {failed ? (
          <AdminNotice title={ADMIN_TEXT.error} message={ADMIN_TEXT.loadUsersFailed} />
        ) : page && page.members.length > 0 ? (
          <>
            <ul className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200" aria-label="Members">
              {page.members.map((member) => (
                <MemberItem
                  key={member.userId}
                  member={member}
                  isSelf={member.userId === adminId}
                  onlyAdmin={member.isAdmin && member.userId === adminId && adminCount === 1}
                />
              ))}
            </ul>
            <PageLinks
              label="Pages of members"
              page={page.page}
              previous={page.hasPrevious ? membersHref(page, page.page - 1) : null}
              next={page.hasNext ? membersHref(page, page.page + 1) : null}
            />
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-sand-300 bg-sand-50 px-4 py-10 text-center text-ink-muted">
            {ADMIN_TEXT.noUsers}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Summary({ page, totalUsers }: { page: MemberPage | null; totalUsers: number | null }) {
  if (page?.matches) {
    const { count, capped } = page.matches;
    const figure = capped ? `${number.format(count)}+` : number.format(count);
    return (
      <>
        {figure} {count === 1 && !capped ? "member matches" : "members match"} “{page.query}”.
      </>
    );
  }
  return <>Everyone with an account, newest first{totalUsers !== null ? ` (${number.format(totalUsers)} in all)` : ""}.</>;
}

function SearchForm({ query }: { query: string }) {
  const submit = useSubmit();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form
      method="get"
      action={USERS_TAB}
      role="search"
      className="flex flex-col gap-2 sm:flex-row"
      // Enter or 'Search' sends it now: the search-as-you-type still waiting must not follow and
      // take her back to the first page after she has moved on to the next.
      onSubmit={() => clearTimeout(timer.current)}
    >
      <label htmlFor="member-search" className="sr-only">
        Search members by name or email
      </label>
      <div className="relative flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted" />
        <input
          id="member-search"
          type="search"
          name="q"
          defaultValue={query}
          placeholder={ADMIN_TEXT.searchPlaceholder}
          maxLength={100}
          autoComplete="off"
          className="block min-h-12 w-full rounded-xl border border-line-strong bg-white py-2.5 pr-4 pl-12 text-base text-ink shadow-xs placeholder:text-ink-muted hover:border-ink-muted focus-visible:border-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none"
          onChange={(event) => {
            const form = event.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => {
              if (form) void submit(form, { replace: true, preventScrollReset: true });
            }, 350);
          }}
        />
      </div>
      <Button type="submit" variant="secondary">
        Search
      </Button>
    </Form>
  );
}

function MemberItem({ member, isSelf, onlyAdmin }: { member: MemberRow; isSelf: boolean; onlyAdmin: boolean }) {
  const name = fullName(member) || member.email;
  const noteId = useId();
  const blockedBy = onlyAdmin ? noteId : undefined;
  return (
    <li className="flex flex-col gap-2 px-3 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-4">
      <div className="flex min-w-0 flex-1 items-center gap-3 sm:gap-4">
        <Avatar src={member.avatarUrl} name={name} decorative />
        <div className="flex min-w-0 flex-col gap-0.5">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-semibold">{name}</span>
            {member.isAdmin ? <Badge variant="brand">Admin</Badge> : null}
            {isSelf ? <span className="text-sm text-ink-muted">(you)</span> : null}
          </p>
          <p className="truncate text-sm text-ink-muted">{member.email}</p>
          <p className="text-sm text-ink-muted">
            Joined <time dateTime={member.createdAt}>{formatLongDate(member.createdAt)}</time>
          </p>
          <Purchases member={member} />
          <GiveAccess member={member} name={name} />
          {onlyAdmin ? (
            <p id={noteId} className="mt-1 text-sm text-ink-muted">
              {ONLY_ADMIN_NOTE}
            </p>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-center gap-1 self-end sm:self-center">
        <EditUserDialog member={member} name={name} />
        <MemberFilesDialog member={member} name={name} />
        <ToggleAdminButton member={member} name={name} blockedBy={blockedBy} />
        <DeleteUserDialog member={member} name={name} blockedBy={blockedBy} />
      </div>
    </li>
  );
}

/**
 * docs/product.md §10.5: grants or removes at once (a plain form, so it works without JavaScript).
 * `blockedBy`: the id of the note saying why she cannot (the only administrator); the button is
 * then disabled and described by it.
 */
function ToggleAdminButton({ member, name, blockedBy }: { member: MemberRow; name: string; blockedBy?: string }) {
  const { fetcher, action, busy } = useAdminAction(`toggle-admin-${member.userId}`);
  // The visible words ("Grant admin") start the accessible name, as WCAG 2.5.3 asks.
  const label = member.isAdmin ? `Remove admin access from ${name}` : `Grant admin access to ${name}`;
  return (
    <fetcher.Form method="post" action={action}>
      <input type="hidden" name="intent" value="toggle-admin" />
      <input type="hidden" name="userId" value={member.userId} />
      <Button
        type="submit"
        variant="ghost"
        size="sm"
        aria-label={label}
        title={member.isAdmin ? "Remove admin access" : "Grant admin access"}
        loading={busy}
        disabled={blockedBy !== undefined}
        aria-describedby={blockedBy}
      >
        {busy ? null : member.isAdmin ? <ShieldMinusIcon className="size-4.5" /> : <ShieldPlusIcon className="size-4.5" />}
        <span className="hidden lg:inline">
          {member.isAdmin ? "Remove admin" : "Grant admin"}
        </span>
      </Button>
    </fetcher.Form>
  );
}

/** The address of a page of the list (the search kept). */
function membersHref(page: MemberPage, n: number): string {
  const params = new URLSearchParams();
  if (page.query) params.set("q", page.query);
  if (n > 1) params.set("page", String(n));
  const query = params.toString();
  return query ? `${USERS_TAB}?${query}` : USERS_TAB;
}

/** docs/product.md §10.3: what she bought (her latest payments; the Sales tab has every one). */
function Purchases({ member }: { member: MemberRow }) {
  if (member.purchases.length === 0) return <p className="text-sm text-ink-muted">No purchases yet</p>;
  return (
    <ul className="mt-1 flex flex-col gap-1 text-sm text-ink" aria-label={`Purchases of ${member.firstName}`}>
      {member.purchases.map((p) => (
        <li key={`${p.purchasedAt}-${p.productName}`} className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="font-medium">{p.productName}</span>
          <span className="text-ink-muted">
            {formatMoney(p.amountPence, p.currency)} · <time dateTime={p.purchasedAt}>{formatLongDate(p.purchasedAt)}</time>
          </span>
          <SaleStatusBadge status={p.status} endsAt={p.endsAt} />
        </li>
      ))}
    </ul>
  );
}

/**
 * 'Give access' (docs/product.md §10.3): a free place on a course, shown to her as 'Given by the
 * coach'. A plain form with a ticked confirmation (checked on the server too), so it works before
 * JavaScript loads; giving the same place twice gives it once.
 */
function GiveAccess({ member, name }: { member: MemberRow; name: string }) {
  const id = `give-${member.userId}`;
  return (
    <details className="mt-1">
      <summary className="link w-fit cursor-pointer text-sm">Give access to a course</summary>
      <Form method="post" className="mt-2 flex flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-50 p-4">
        <input type="hidden" name="intent" value="give-access" />
        <input type="hidden" name="userId" value={member.userId} />
        <label htmlFor={`${id}-course`} className="text-sm font-semibold text-ink">
          Course
        </label>
        <select id={`${id}-course`} name="productKey" className="min-h-11 max-w-xs rounded-xl border border-sand-300 bg-white px-3 text-base">
          {GIVE_ACCESS_COURSES.map((key) => (
            <option key={key} value={key}>
              {key === "learn-to-lift" ? "Learn to Lift" : "Build Stronger Foundations"}
            </option>
          ))}
        </select>
        <label className="flex items-start gap-3 text-sm text-ink">
          <input type="checkbox" name="confirm" value="yes" required className="mt-0.5 size-5 shrink-0 accent-brand-700" />
          <span>Yes, give {name} a free place. She gets an email with the way in.</span>
        </label>
        <Button type="submit" size="sm" className="w-fit">
          Give access
        </Button>
      </Form>
    </details>
  );
}
