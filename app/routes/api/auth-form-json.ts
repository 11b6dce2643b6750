import type { Route } from "./+types/auth-form-json";
import { handleAuthForm } from "~/server/auth-form.server";

// /api/auth-form: the auth form's action answering in JSON, for the login dialog of the pages that
// do not hydrate (app/islands/login-island.tsx). The same checks as /auth: same-origin, honeypot,
// the shared Zod schemas and Better Auth's rate limits.

export function action(args: Route.ActionArgs) {
  return handleAuthForm(args, "json");
}

export function loader() {
  return new Response("Not Found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
