import crypto from "node:crypto";
import { createCookie, redirect } from "react-router";
import { z } from "zod";
import { getServerEnv } from "~/config/env.server";
import { getAuthSecret } from "~/server/core/secret.server";
import type { FlashToast, FlashToastInput, FlashToastVariant } from "~/utils/flash-toast";

// Flash toasts (decision 016: toasts after a redirect travel in a one-time cookie read by the root
// loader): an action or guard redirects with redirectWithToast(); the root loader reads the
// cookie with readToast(), clears it in the same response, and the page shows the toast once
// through showToast(). The cookie is signed with the site's secret, so nobody else can put words
// in the site's mouth, and expires after a minute if it is never read.

export type { FlashToast, FlashToastInput, FlashToastVariant };

const FlashToastSchema = z.object({
  id: z.string().max(64),
  title: z.string().max(200),
  description: z.string().max(500).nullable(),
  variant: z.enum(["default", "success", "info", "warning", "destructive"]),
});

export const TOAST_COOKIE_NAME = "sc_toast";

function toastCookie() {
  return createCookie(TOAST_COOKIE_NAME, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: getServerEnv().SITE_ORIGIN.startsWith("https:"),
    maxAge: 60,
    secrets: [getAuthSecret()],
  });
}

/** A toast with its id and defaults filled in. */
export function createFlashToast({ title, description, variant = "default" }: FlashToastInput): FlashToast {
  return { id: crypto.randomUUID(), title, description: description ?? null, variant };
}

/** The Set-Cookie header that carries the toast to the next page the browser loads. */
export async function toastCookieHeader(toast: FlashToastInput): Promise<string> {
  return toastCookie().serialize(createFlashToast(toast));
}

/**
 * Redirects to `url` with a toast for the page there. Extra headers (e.g. Better Auth's
 * Set-Cookie) are kept; throw or return the result.
 */
export async function redirectWithToast(
  url: string,
  toast: FlashToastInput,
  init: { status?: number; headers?: HeadersInit } = {},
): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.append("Set-Cookie", await toastCookieHeader(toast));
  // After a fetcher's action the browser loads the target as a new document (React Router's
  // redirectDocument), so exactly one request reads the toast: that document's root loader. A
  // client-side navigation would also call the root loader through a `.data` request, and for a
  // page that does not hydrate (it loads as a document, app/utils/islands-page.ts) both requests would
  // race for the one-time cookie.
  headers.set("X-Remix-Reload-Document", "true");
  return redirect(url, { status: init.status ?? 302, headers });
}

/**
 * The toast waiting in the request's cookie (null if none, or if it was tampered with) and the
 * Set-Cookie header that clears it, for the root loader's response.
 */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers }> {
  const headers = new Headers();
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader || !cookieHeader.includes(`${TOAST_COOKIE_NAME}=`)) return { toast: null, headers };
  const cookie = toastCookie();
  const value: unknown = await cookie.parse(cookieHeader).catch(() => null);
  headers.append("Set-Cookie", await cookie.serialize("", { maxAge: 0 }));
  const parsed = FlashToastSchema.safeParse(value);
  return { toast: parsed.success ? parsed.data : null, headers };
}
