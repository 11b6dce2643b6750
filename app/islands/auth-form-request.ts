import { AUTH_TEXT, type AuthActionResult } from "~/utils/auth-result";

// The action of the auth form where it renders in a page that does not hydrate (the login dialog,
// a checkout's sign-up panel): the form sits in a memory router whose one action sends it to
// /api/auth-form, the /auth action answering in JSON.

export async function sendAuthForm({ request }: { request: Request }): Promise<AuthActionResult> {
  try {
    const response = await fetch("/api/auth-form", { method: "POST", body: await request.formData() });
    const type = response.headers.get("Content-Type") ?? "";
    if (type.includes("application/json")) return (await response.json()) as AuthActionResult;
    return { ok: false, kind: response.status === 429 ? "service" : "unexpected", message: response.status === 429 ? AUTH_TEXT.tooManyAttempts : AUTH_TEXT.unexpected };
  } catch {
    return { ok: false, kind: "unexpected", message: AUTH_TEXT.unexpected };
  }
}
