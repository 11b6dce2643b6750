import { data } from "react-router";
import type { Route } from "./+types/page-view";
import { recordBeaconView } from "~/server/analytics/record.server";
import { clientIpOf } from "~/server/core/client-ip.server";
import { logger } from "~/server/core/logger.server";

// /api/page-view: the public pages' beacon (app/islands/page-view.ts; docs/analytics.md). It
// answers 204 whatever happens, sets no cookie and says nothing back: a view is counted or not
// (a browser asking not to be tracked, a bot, a page that is not counted), and the page never waits.

const MAX_BODY = 1024;
const done = () => new Response(null, { status: 204, headers: { "Cache-Control": "no-store" } });

export function loader() {
  throw data("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") throw data("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
  const text = await request.text();
  if (text.length > MAX_BODY) return data("Payload Too Large", { status: 413 });
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return data("Bad Request", { status: 400 });
  }
  const { page, referrer } = (typeof body === "object" && body !== null ? body : {}) as { page?: unknown; referrer?: unknown };
  if (typeof page !== "string" || (referrer !== undefined && typeof referrer !== "string")) return data("Bad Request", { status: 400 });
  try {
    await recordBeaconView({ page, referrer: referrer ?? "" }, request.headers, clientIpOf(context));
  } catch (error) {
    // Counting is never worth a visitor's error: the view is lost, and the log says so.
    logger.warn("analytics: a page view could not be recorded", { error });
  }
  return done();
}
