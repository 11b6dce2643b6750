import { redirect } from "react-router";
import type { Route } from "./+types/sign-out";
import { callAuthEndpoint, setCookieHeaders } from "~/server/auth/requests.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { readForm } from "~/server/http/form-action.server";

// POST /sign-out (docs/product.md §7.11 Account Actions: "Sign Out (signs out, goes to /)"): ends the session
// in the database, clears the cookie and goes home. A plain <form method="post" action="/sign-out">
// works with or without JavaScript. GET never signs anybody out (a link or an image could).

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  // Another site's page cannot sign her out (403); the form carries nothing else to read.
  await readForm(request);
  let headers = new Headers();
  try {
    const response = await callAuthEndpoint(request, context, "/sign-out", {});
    headers = setCookieHeaders(response);
    if (!response.ok) logger.warn("sign-out answered", { status: response.status });
  } catch (error) {
    logger.error("sign-out failed", { error });
  }
  return redirectWithToast("/", { title: "Signed out", description: "You have signed out. See you again soon!" }, { headers });
}
