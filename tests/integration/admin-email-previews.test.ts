import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as emailsAction } from "~/routes/admin/emails";
import { action as authAction } from "~/routes/api/auth-form";
import { listEmailPreviews } from "~/server/admin/email-previews.server";
import { changeOffers, resetOffer } from "~/server/admin/offers.server";
import { emailMessages } from "~/server/db/schema";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { answer, CookieJar, formRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment } from "../support/auth";

// The dashboard's Emails tab (docs/product.md §18.5): every template rendered with sample data,
// none with a slip, and 'Send me a test' to the administrator's own address only.

const t = setupTestDatabase();
const env = setupAuthEnvironment();

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, options);
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

function sendTest(jar: CookieJar, fields: Record<string, string>) {
  return answer<{ error?: string }>(() => emailsAction(routeArgs(formRequest("/settings/admin/emails", fields, { jar }))));
}

describe("the Emails tab", () => {
  it("lists every email with a clean preview: both parts, the layout, no slip", async () => {
    const previews = await listEmailPreviews();
    expect(previews.length).toBeGreaterThanOrEqual(20);
    expect(new Set(previews.map((p) => p.key)).size).toBe(previews.length);
    for (const { email, name } of previews) {
      for (const part of [email.subject, email.text, email.html]) {
        expect(part, name).not.toMatch(/undefined|NaN|\{\{|\}\}|\[object Object\]/);
      }
      expect(email.html, name).toContain('role="presentation"');
      expect(email.text.length, name).toBeGreaterThan(100);
    }
    const ltl = previews.find((p) => p.key === "receipt-learn-to-lift")!;
    expect(ltl.email.attachments?.[0]?.content).toMatch(/DTSTART:\d{8}T\d{6}Z/);
  });

  it("shows the prices the site charges: an Offers tab price replaces the installed one in the previews", async () => {
    const admin = await createUser(t.db, { admin: true, emailVerified: true });
    await changeOffers(t.db, admin.user.id, { prices: { "build-stronger-foundations": 2500 } });
    try {
      const receipt = (await listEmailPreviews()).find((p) => p.key === "receipt-foundations")!;
      expect(receipt.email.subject).toContain("£25.00 a month");
      expect(receipt.email.text).toContain("£25.00");
      expect(receipt.email.text).not.toContain("£20.00");
    } finally {
      await resetOffer(t.db, admin.user.id, { kind: "price", productKey: "build-stronger-foundations" });
    }
  });

  it("'Send me a test' sends the sample to the administrator's own address, and only to it", async () => {
    const admin = await signedIn({ admin: true, emailVerified: true });
    const result = await sendTest(admin.jar, { intent: "send-test", key: "receipt-one-to-one", to: "someone-else@example.org" });
    expect(result.status).toBe(303);
    const mails = await outboxFor(env.dataDir, admin.user.email);
    expect(mails.map((m) => m.subject)).toEqual([expect.stringMatching(/^\[Test\] Welcome to Stronger with /)]);
    expect(await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, "someone-else@example.org"))).toEqual([]);
  });

  it("refuses an unknown template (400) and a member who is not an administrator", async () => {
    const admin = await signedIn({ admin: true, emailVerified: true });
    expect((await sendTest(admin.jar, { intent: "send-test", key: "../../etc/passwd" })).status).toBe(400);
    const member = await signedIn();
    const refused = await sendTest(member.jar, { intent: "send-test", key: "receipt-one-to-one" });
    expect([302, 303]).toContain(refused.status);
    expect(await outboxFor(env.dataDir, member.user.email)).toEqual([]);
  });
});
