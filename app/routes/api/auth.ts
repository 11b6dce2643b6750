import type { Route } from "./+types/auth";
import { handleAuthRequest } from "~/server/auth.server";

// /api/auth/*: Better Auth's own HTTP endpoints (email verification links, two-factor set-up from
// the settings page, session reads). The request goes through as it came, except that the client
// IP is the one the server worked out (DESIGN D16), never a header the visitor sent.

export function loader({ request, context }: Route.LoaderArgs) {
  return handleAuthRequest(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return handleAuthRequest(request, context);
}
