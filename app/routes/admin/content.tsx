import { data } from "react-router";
import type { Route } from "./+types/content";
import { ContentTab } from "~/components/admin/content-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadContentTab, runContentTabAction, type ContentActionFailure } from "~/server/admin/content.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { readForm } from "~/server/http/form-action.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { CONTENT_MESSAGES, PHOTO_BLOCKS } from "~/validation/content";
import { SITE_PHOTO_MESSAGES } from "~/validation/content-photos";
import { SITE_PHOTO_UPLOAD_BODY_LIMIT } from "~/validation/content-photos";

// /settings/admin/content: the Content tab (docs/product.md §10.13) and its forms. Admins only (a
// visitor or member is sent home with the message of docs/product.md §10.1 and nothing changes).
// Success: back to the tab with a toast. A refused form answers 400 (409 when the block changed
// meanwhile) and changes nothing; the tab is shown again as it is now, with the message by its field.

const BACK_TO_TAB = "/settings/admin/content";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { content: await loadTab("content", () => loadContentTab()), result: null as ContentActionFailure | null };
}

/** The photo form names its block in its address too, so a refused upload's message sits by its field. */
function photoBlockOf(request: Request) {
  const block = new URL(request.url).searchParams.get("block") ?? "";
  return (PHOTO_BLOCKS as readonly string[]).includes(block) ? (block as (typeof PHOTO_BLOCKS)[number]) : null;
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  // Only the photo forms carry a file; every other form is small.
  const read = await readForm(request, { maxBytes: SITE_PHOTO_UPLOAD_BODY_LIMIT, tooLargeMessage: SITE_PHOTO_MESSAGES.size });
  const outcome = read.ok
    ? await runContentTabAction(admin.id, read.form)
    : ({
        ok: false,
        status: read.status,
        failure: {
          ok: false,
          intent: null,
          block: photoBlockOf(request),
          index: null,
          field: read.status === 413 ? "photo" : null,
          message: read.status === 413 ? read.message : CONTENT_MESSAGES.unknownIntent,
          changed: false,
          values: {},
        },
      } as const);
  if (outcome.ok) return redirectWithToast(BACK_TO_TAB, outcome.toast, { status: 303 });
  return data({ content: await loadContentTab(), result: outcome.failure }, { status: outcome.status });
}

export default function ContentRoute({ loaderData, actionData }: Route.ComponentProps) {
  const view = actionData ?? loaderData;
  return view.content ? <ContentTab data={view.content} result={view.result} /> : <TabFailed tab="content" />;
}
