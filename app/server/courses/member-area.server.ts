import { data } from "react-router";
import { requireUser } from "~/server/auth/guards.server";
import type { SessionUser } from "~/server/auth/session.server";
import { allAccess, type Access, type MemberOffer } from "~/server/courses/access.server";
import type { CourseOptions } from "~/server/courses/courses.server";
import { getDb } from "~/server/db/client.server";
import { getEffectiveSiteConfig } from "~/server/settings/effective-config.server";

// What every page of the members' area starts with (docs/product.md §19): the signed-in member
// (a visitor is sent home, as from /settings), her access to each offer and the course options of
// the site. A page whose offer she does not have answers 403 with what to do instead, and none of
// its content.

export interface MemberContext {
  user: SessionUser;
  access: Record<MemberOffer, Access>;
  options: CourseOptions;
  coachSlug: string;
}

/**
 * Read once per request: the area's layout and its page both start with it (React Router hands
 * their loaders the same request). A caller that gives its own `now` (a test) reads afresh.
 */
const contexts = new WeakMap<Request, Promise<MemberContext>>();

export function memberContext(request: Request, now?: Date): Promise<MemberContext> {
  if (now) return readMemberContext(request, now);
  let context = contexts.get(request);
  if (!context) {
    context = readMemberContext(request, new Date());
    contexts.set(request, context);
  }
  return context;
}

async function readMemberContext(request: Request, now: Date): Promise<MemberContext> {
  const user = await requireUser(request);
  const site = await getEffectiveSiteConfig();
  const access = await allAccess(getDb(), { userId: user.id, isAdmin: user.isAdmin }, site.coachSlug, now);
  return { user, access, options: { now, siteCohortDate: site.nextCohortDate, preview: user.isAdmin }, coachSlug: site.coachSlug };
}

/** What a refused page shows: why, and where to go. */
export interface Refusal {
  offer: MemberOffer;
  state: "none" | "ended";
  /** When her access ended (ISO), for 'ended'. */
  endedAt: string | null;
}

/** The 403 answer of a page she may not open: the reason only, never the content. */
export function refuse(offer: MemberOffer, access: Access, coachSlug: string) {
  const refusal: Refusal = { offer, state: access.state === "ended" ? "ended" : "none", endedAt: access.state === "ended" ? access.endedAt.toISOString() : null };
  return data({ refused: refusal, coachSlug } as const, { status: 403, headers: { "Cache-Control": "private, no-store" } });
}

/** The plain 404 of a file or video she may not have (it never says whether it exists). */
export function notFound(): Response {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
}


/** A file's or lesson's id as it appears in an address: a UUID, or nothing is looked up. */
export function isUuid(value: string | undefined): value is string {
  return typeof value === "string" && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
