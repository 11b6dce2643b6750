import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { readToast, redirectWithToast, TOAST_COOKIE_NAME } from "~/server/core/toast.server";

const saved = { AUTH_SECRET: process.env.AUTH_SECRET, SITE_URL: process.env.SITE_URL };
beforeAll(() => {
  process.env.AUTH_SECRET = "unit-test-secret-0123456789-abcdefghijklmn";
  process.env.SITE_URL = "https://www.example.co.uk";
  reloadConfig();
});
afterAll(() => {
  for (const [key, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  reloadConfig();
});

function requestWith(setCookie: string): Request {
  return new Request("https://www.example.co.uk/", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("flash toasts", () => {
  it("travel in a signed, HttpOnly, one-minute cookie with the redirect and are read once", async () => {
    const response = await redirectWithToast(
      "/settings",
      { title: "Error", description: "Access denied. Admin privileges required.", variant: "destructive" },
      { headers: { "Set-Cookie": "other=1; Path=/" } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/settings");
    const cookies = response.headers.getSetCookie();
    expect(cookies[0]).toBe("other=1; Path=/");
    const toastCookie = cookies.find((c) => c.startsWith(`${TOAST_COOKIE_NAME}=`))!;
    expect(toastCookie).toMatch(/HttpOnly/);
    expect(toastCookie).toMatch(/SameSite=Lax/);
    expect(toastCookie).toMatch(/Secure/);
    expect(toastCookie).toMatch(/Max-Age=60/);

    const { toast, headers } = await readToast(requestWith(toastCookie));
    expect(toast).toMatchObject({ title: "Error", description: "Access denied. Admin privileges required.", variant: "destructive" });
    expect(toast?.id).toMatch(/^[0-9a-f-]{36}$/);
    // The reading response clears it.
    expect(headers.getSetCookie()[0]).toMatch(new RegExp(`^${TOAST_COOKIE_NAME}=;.*Max-Age=0`));
  });

  it("ignores a cookie that was not signed by the site", async () => {
    const forged = `${TOAST_COOKIE_NAME}=${Buffer.from(JSON.stringify({ id: "x", title: "Your account is locked, call us", description: null, variant: "default" })).toString("base64")}`;
    const { toast } = await readToast(requestWith(forged));
    expect(toast).toBeNull();
  });

  it("reads nothing when there is no toast", async () => {
    const { toast, headers } = await readToast(new Request("https://www.example.co.uk/"));
    expect(toast).toBeNull();
    expect(headers.getSetCookie()).toEqual([]);
  });
});
