import { createElement } from "react";
import { data } from "react-router";
import type { Route } from "./+types/member-files";
import { MemberFilesPage } from "~/components/admin/member-files-dialog";
import { loadMemberFiles, runMemberFilesTabAction, type MemberFilesActionFailure, type MemberFilesActionOutcome } from "~/server/admin/member-files.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { answerForm, readForm } from "~/server/http/form-action.server";
import { seo } from "~/utils/seo";
import { MEMBER_FILE_LIMITS, MEMBER_FILES_MESSAGES, MemberFilesTargetSchema } from "~/validation/member-files";
import { dashboardListAddress } from "~/utils/admin-tabs";

// /settings/admin/member-files (docs/product.md §10.15): the files the coach shares with one
// member, from her row on the Users tab. Admins only (a visitor or member is sent home with the
// message of docs/product.md §10.1 and nothing changes).
//
// GET ?userId=<id>: the member's files on a page of their own, for a browser without JavaScript
// (the Users tab's 'Files' opens a dialog instead); an unknown member is a 404.
// POST: 'Share with …' (one PDF, JPEG or PNG of at most 20 MB) or a file's 'Delete'. Success: the
// dialog's fetcher (js=1) gets the toast as data and the open dialog's list reloads; a plain form is
// sent back to where it was (this page, or the Users tab at the same search and page) with the
// toast. A refused form answers 400 (404 for a member or file that has gone, 413 for a file over
// 20 MB) and changes nothing; without JavaScript the browser shows it here, on this route's page.

/** The member a page or form is about, when the id is one at all. */
function memberIdFrom(value: string | null | undefined): string | null {
  const parsed = MemberFilesTargetSchema.safeParse({ userId: value ?? undefined });
  return parsed.success ? parsed.data.userId : null;
}

/** Where a success goes: this page when the form was on it, else the Users tab as she left it. */
function backTo(url: URL, userId: string): string {
  if (url.searchParams.has("userId")) return `/settings/admin/member-files?userId=${encodeURIComponent(userId)}`;
  return dashboardListAddress(url);
}

export async function loader({ request, url }: Route.LoaderArgs) {
  await requireAdmin(request);
  const userId = memberIdFrom(url.searchParams.get("userId"));
  const page = userId ? await loadMemberFiles(userId) : null;
  // A page that says so (not the site's 404 page), as a refused form's page may need it too.
  return data({ page, result: null as MemberFilesActionFailure | null }, { status: page ? 200 : 404 });
}

export async function action({ request, url }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request, { maxBytes: MEMBER_FILE_LIMITS.bodyMaxBytes, tooLargeMessage: MEMBER_FILES_MESSAGES.fileSize });
  const outcome: MemberFilesActionOutcome = read.ok
    ? await runMemberFilesTabAction(admin.id, read.form)
    : {
        ok: false,
        status: read.status,
        failure: {
          ok: false,
          intent: null,
          userId: null,
          fileId: null,
          field: read.status === 413 ? "file" : null,
          message: read.status === 413 ? read.message : MEMBER_FILES_MESSAGES.unknownIntent,
        },
      };
  if (outcome.ok) {
    return answerForm(read.ok && read.fetcher, {
      result: { ok: true as const, toast: outcome.toast },
      redirectTo: backTo(url, outcome.userId),
      toast: outcome.toast,
    });
  }
  // The page shows her files as they are now, with the message (a form too large to read names her in the address).
  const userId = memberIdFrom(outcome.failure.userId) ?? memberIdFrom(url.searchParams.get("userId"));
  const page = userId ? await loadMemberFiles(userId) : null;
  return data({ page, result: outcome.failure }, { status: outcome.status });
}

export default function MemberFilesRoute({ loaderData, actionData }: Route.ComponentProps) {
  const refused = actionData && "result" in actionData ? actionData : null;
  return createElement(MemberFilesPage, { data: refused ? refused.page : loaderData.page, result: refused?.result ?? null });
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, { title: "Shared files", description: "The files shared with a member.", noindex: true });
}
