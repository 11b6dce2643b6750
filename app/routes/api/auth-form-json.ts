import type { Route } from "./+types/auth-form-json";
import { requireAnonymous } from "~/server/auth/guards.server";
import { handleAuthForm } from "~/server/account/auth-form.server";

// /api/auth-form: the auth form's action answering in JSON, for the login dialog of the pages that
// do not hydrate (app/islands/login-island.tsx). The same checks as /auth: same-origin, honeypot,
// the shared Zod schemas and Better Auth's rate limits. Like the /auth page, it is for visitors who
// are not signed in: a member is sent home and nothing is created.

export async function action(args: Route.ActionArgs) {
  await requireAnonymous(args.request);
  return handleAuthForm(args, "json");
}

export function loader() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
