import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { action as settingsAction, loader as settingsLoader } from "~/routes/account/settings";
import { loader as downloadLoader } from "~/routes/account/download-data";
import { action as authAction } from "~/routes/api/auth-form";
import { loader as rootLoader } from "~/root";
import { deleteOwnAccount, DELETE_FAILED_MESSAGE, LAST_ADMIN_MESSAGE } from "~/server/account/delete-account.server";
import {
  accounts,
  emailSubscribers,
  loginHistory,
  marketingConsents,
  profiles,
  purchases,
  sessions,
  subscriptions,
  userRoles,
  users,
} from "~/server/db/schema";
import { loadSettingsAtOnce, loadSettingsPiecewise } from "~/server/account/settings.server";
import { SETTINGS_MARKETING_CONSENT_HELP, settingsConsentWording } from "~/content/marketing-consent";
import type { SettingsActionResult } from "~/components/settings/settings-form";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { createLoginHistory, createPurchase, createUser, DEFAULT_TEST_PASSWORD, type CreateUserOptions } from "../../scripts/factories";
import {
  answer,
  CookieJar,
  formRequest,
  getRequest,
  nextTestIp,
  outboxFor,
  routeArgs,
  setupAuthEnvironment,
  TEST_ORIGIN,
  uniqueEmail,
} from "../support/auth";

// /settings (docs/product.md §9, §11.6, §9.1; docs/product.md §12, §9.2, §7.10, §9.8, §7.5): every
// intent of the action as a visitor, as the member, and with another member's id in the form.

const t = setupTestDatabase();
const env = setupAuthEnvironment();

type SettingsData = Awaited<ReturnType<typeof settingsLoader>>;
type RootData = { toasts: { title: string; description: string | null }[] };

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, { emailNotifications: true, ...options });
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

function post(fields: Record<string, string>, jar?: CookieJar, js = true) {
  return answer<SettingsActionResult>(() => settingsAction(routeArgs(formRequest(js ? "/settings?js=1" : "/settings", fields, { jar }))));
}

function upload(file: Blob, name: string, jar?: CookieJar, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "avatar");
  for (const [k, v] of Object.entries(extra)) form.set(k, v);
  form.set("avatar", new File([file], name, { type: file.type }));
  const headers = new Headers({ origin: TEST_ORIGIN });
  if (jar) headers.set("cookie", jar.header());
  const request = new Request(`${TEST_ORIGIN}/settings?js=1`, { method: "POST", headers, body: form });
  return answer<SettingsActionResult>(() => settingsAction(routeArgs(request)));
}

async function profileOf(userId: string) {
  const [row] = await t.db.select().from(profiles).where(eq(profiles.userId, userId));
  return row;
}

function avatarFiles(userId: string): string[] {
  const dir = path.join(env.dataDir, "uploads", "profile-pictures", userId);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

const png = async (size = 64) =>
  new Blob([new Uint8Array(await sharp({ create: { width: size, height: size, channels: 3, background: "#7a3b52" } }).png().toBuffer())], { type: "image/png" });

describe("the page", () => {
  it("sends a visitor home and renders the member's own data from the loader", async () => {
    expect((await answer(() => settingsLoader(routeArgs(getRequest("/settings"))))).location).toBe("/");
    const { user, jar } = await signedIn({ firstName: "Hazel", lastName: "Green", emailVerified: false });
    const other = await createUser(t.db);
    await createLoginHistory(t.db, user.id, { count: 14 });
    await createLoginHistory(t.db, other.user.id, { count: 3 });
    await createPurchase(t.db, user.id, { productKey: "learn-to-lift", stripeSessionId: "cs_test_abcdefghijklmnopqrstuvwxyz" });
    await createPurchase(t.db, other.user.id);
    const page = await answer<SettingsData>(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))));
    const settings = page.data.settings!;
    expect(settings.profile).toMatchObject({ firstName: "Hazel", lastName: "Green", email: user.email, accountStatus: "active", emailVerified: false });
    expect(settings.logins).toHaveLength(10);
    const times = settings.logins.map((l) => l.loginAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(settings.purchases).toEqual([expect.objectContaining({ productName: "Learn to Lift", amountCents: 30000, stripeSessionId: "cs_test_abcdefghijklmnopqrstuvwxyz" })]);
  });
});

describe("the page's data in one round trip", () => {
  it("reads exactly what the statement-by-statement reading does, lists included", async () => {
    const { user } = await createUser(t.db, { firstName: "Iris", lastName: "Vale" });
    await createLoginHistory(t.db, user.id, { count: 12 });
    await createPurchase(t.db, user.id, { productKey: "learn-to-lift", purchasedAt: new Date("2026-01-05T10:00:00Z") });
    await createPurchase(t.db, user.id, { amountCents: 2000, refundedAmountCents: 2000, status: "refunded", purchasedAt: new Date("2026-02-05T10:00:00Z") });
    await t.db.insert(subscriptions).values([
      { userId: user.id, provider: "test", providerSubscriptionId: `sub_${user.id}_1`, productKey: "build-stronger-foundations", productName: "Build Stronger Foundations", status: "active", currentPeriodEnd: new Date("2026-12-05T10:00:00Z"), stateAt: new Date() },
      { userId: user.id, provider: "test", providerSubscriptionId: `sub_${user.id}_2`, productKey: "stronger-with-jo", productName: "Stronger with Jo", status: "canceled", cancelAtPeriodEnd: false, canceledAt: new Date("2026-03-01T10:00:00Z"), stateAt: new Date() },
    ]);
    const atOnce = await loadSettingsAtOnce(user.id);
    // The one statement also says which settings version it read (decision 173).
    const { version, ...read } = atOnce!;
    expect(version).toMatch(/^\d+$/);
    expect(read).toEqual(await loadSettingsPiecewise(user.id));
    expect(atOnce!.lists.logins).toHaveLength(10);
    expect(atOnce!.lists.purchaseRows.map((p) => p.status)).toEqual(["refunded", "paid"]);
    expect(atOnce!.lists.subscriptionRows).toHaveLength(2);
    expect(await loadSettingsAtOnce("no-such-member")).toBeNull();
  });
});

describe("every intent is guarded", () => {
  const cases: Record<string, Record<string, string>> = {
    name: { intent: "name", name: "Intruder" },
    email: { intent: "email", email: "intruder@example.com", currentPassword: DEFAULT_TEST_PASSWORD },
    notifications: { intent: "notifications", enabled: "false" },
    "resend-verification": { intent: "resend-verification" },
    delete: { intent: "delete", currentPassword: DEFAULT_TEST_PASSWORD },
  };
  for (const [intent, fields] of Object.entries(cases)) {
    it(`'${intent}' sends a visitor home and changes nothing`, async () => {
      const member = await createUser(t.db, { firstName: "Anne", lastName: null, emailNotifications: true });
      const result = await post({ ...fields, userId: member.user.id, id: member.user.id }, undefined);
      expect(result.status).toBe(302);
      expect(result.location).toBe("/");
      expect(await profileOf(member.user.id)).toMatchObject({ firstName: "Anne", emailNotifications: true, email: member.user.email });
    });
  }

  it("'avatar' sends a visitor home and stores nothing", async () => {
    const member = await createUser(t.db);
    const result = await upload(await png(), "me.png", undefined, { userId: member.user.id });
    expect(result.location).toBe("/");
    expect(avatarFiles(member.user.id)).toEqual([]);
  });
});

describe("Full Name (docs/product.md §11.6, docs/product.md §9.2)", () => {
  it("saves the whole trimmed value into first_name with last_name null, only for herself", async () => {
    const { user, jar } = await signedIn({ firstName: "Jane", lastName: "Doe" });
    const other = await createUser(t.db, { firstName: "Other", lastName: "Person" });
    const result = await post({ intent: "name", name: "  Mary-Jane O'Neil  ", userId: other.user.id, user_id: other.user.id }, jar);
    expect(result.data).toEqual({ ok: true, intent: "name", title: "Success", description: "Name updated successfully" });
    expect(await profileOf(user.id)).toMatchObject({ firstName: "Mary-Jane O'Neil", lastName: null });
    expect(await profileOf(other.user.id)).toMatchObject({ firstName: "Other", lastName: "Person" });
    const root = await answer<{ user: { firstName: string } }>(() => rootLoader(routeArgs(getRequest("/", { jar }))));
    expect(root.data.user.firstName).toBe("Mary-Jane O'Neil");
  });

  it.each([
    ["   ", "Name cannot be empty"],
    ["x".repeat(51), "Name must be less than 50 characters"],
    ["R2-D2", "Name can only contain letters, spaces, hyphens, and apostrophes"],
  ])("refuses %j with '%s' under 'Validation Error'", async (name, message) => {
    const { user, jar } = await signedIn({ firstName: "Keep" });
    const result = await post({ intent: "name", name }, jar);
    expect(result.status).toBe(400);
    expect(result.data).toEqual({ ok: false, intent: "name", title: "Validation Error", message });
    expect((await profileOf(user.id))!.firstName).toBe("Keep");
  });

  it("saves any name sign-up accepts: O’Brien as an iPhone types it, Siân, Zoë, Anne-Marie", async () => {
    for (const [firstName, lastName] of [["Siobhán", "O’Brien"], ["Siân", "Ní Bhriain"], ["Zoë", "Anne-Marie"]] as const) {
      // Signed up through the form, then saved again unchanged from her settings.
      const email = uniqueEmail("names");
      const signUp = await answer<AuthActionResult>(() =>
        authAction(routeArgs(formRequest("/auth", { js: "1", mode: "sign-up", firstName, lastName, email, password: "Stronger2025", terms: "on" }), nextTestIp())),
      );
      expect(signUp.data).toMatchObject({ ok: true, kind: "signed-up" });
      const jar = new CookieJar().store(signUp.headers);
      const saved = await post({ intent: "name", name: `${firstName} ${lastName}` }, jar);
      expect(saved.data).toEqual({ ok: true, intent: "name", title: "Success", description: "Name updated successfully" });
      const id = (signUp.data as { user: { id: string } }).user.id;
      expect(await profileOf(id)).toMatchObject({ firstName: `${firstName} ${lastName}`, lastName: null });
    }
  });

  it("without JavaScript answers with a redirect back and a flash toast", async () => {
    const { jar } = await signedIn();
    const result = await post({ intent: "name", name: "Plain Form" }, jar, false);
    expect(result.status).toBe(303);
    expect(result.location).toBe("/settings");
    const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/settings", { jar: new CookieJar().store(result.headers) }))));
    expect(page.data.toasts).toEqual([expect.objectContaining({ title: "Success", description: "Name updated successfully" })]);
  });
});

describe("Email Notifications", () => {
  it("saves her own switch only, with the documented toasts", async () => {
    const { user, jar } = await signedIn({ emailNotifications: true });
    const other = await createUser(t.db, { emailNotifications: true });
    const off = await post({ intent: "notifications", enabled: "false", userId: other.user.id }, jar);
    expect(off.data).toMatchObject({ ok: true, description: "Email notifications disabled" });
    expect((await profileOf(user.id))!.emailNotifications).toBe(false);
    expect((await profileOf(other.user.id))!.emailNotifications).toBe(true);
    const on = await post({ intent: "notifications", enabled: "true" }, jar);
    expect(on.data).toMatchObject({ ok: true, description: "Email notifications enabled" });
    expect((await profileOf(user.id))!.emailNotifications).toBe(true);
  });

  it("keeps every choice with the switch's exact wording and the time, and 'Download my data' includes them (docs/product.md §9.4)", async () => {
    const { user, jar } = await signedIn({ emailNotifications: false });
    const before = new Date(Date.now() - 1000);
    await post({ intent: "notifications", enabled: "true" }, jar);
    await post({ intent: "notifications", enabled: "false" }, jar);
    await post({ intent: "notifications", enabled: "false" }, jar); // nothing changed: nothing recorded
    const rows = await t.db.select().from(marketingConsents).where(eq(marketingConsents.userId, user.id)).orderBy(marketingConsents.createdAt);
    expect(rows.map((r) => [r.given, r.source, r.wording])).toEqual([
      [true, "settings", settingsConsentWording(true)],
      [false, "settings", settingsConsentWording(false)],
    ]);
    expect(settingsConsentWording(true)).toBe(`Email Notifications turned on: ${SETTINGS_MARKETING_CONSENT_HELP}`);
    expect(rows.every((r) => r.createdAt >= before)).toBe(true);

    const response = (await downloadLoader(routeArgs(getRequest("/settings/data", { jar })))) as Response;
    const body = JSON.parse(await response.text());
    expect(body.marketing_consents).toEqual([
      expect.objectContaining({ given: true, source: "settings", wording: settingsConsentWording(true), recorded_at: expect.any(String) }),
      expect.objectContaining({ given: false, source: "settings", wording: settingsConsentWording(false) }),
    ]);
  });

  it("refuses anything but a boolean with 'Invalid notification setting'", async () => {
    const { user, jar } = await signedIn({ emailNotifications: true });
    for (const enabled of ["yes", undefined]) {
      const result = await post({ intent: "notifications", ...(enabled ? { enabled } : {}) }, jar);
      expect(result.data).toEqual({ ok: false, intent: "notifications", title: "Validation Error", message: "Invalid notification setting" });
    }
    expect((await profileOf(user.id))!.emailNotifications).toBe(true);
  });
});

describe("Email Address", () => {
  it("does nothing when empty or unchanged", async () => {
    const { user, jar } = await signedIn();
    for (const email of ["", "  ", user.email.toUpperCase()]) {
      expect((await post({ intent: "email", email }, jar)).data).toEqual({ ok: true, intent: "email", title: null, description: null });
    }
  });

  it("refuses a malformed address with 'Invalid email address'", async () => {
    const { jar } = await signedIn();
    expect((await post({ intent: "email", email: "not-an-address" }, jar)).data).toMatchObject({ ok: false, title: "Validation Error", message: "Invalid email address" });
  });

  it("sends a confirmation to the new address and changes it only when confirmed", async () => {
    const { user, jar } = await signedIn();
    const other = await createUser(t.db);
    const newEmail = `new-${Date.now()}@example.com`;
    const result = await post({ intent: "email", email: newEmail, userId: other.user.id, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect(result.data).toEqual({
      ok: true,
      intent: "email",
      title: "Success",
      description: "Email update initiated. Please check your email to confirm the change.",
    });
    const [stillOld] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(stillOld!.email).toBe(user.email);
    const [message] = await outboxFor(env.dataDir, newEmail);
    const link = message!.links.find((l) => l.includes("/email-change/confirm?token="))!;
    expect(link).toBeTruthy();

    const { action: confirmAction } = await import("~/routes/account/email-change-confirm");
    const token = new URL(link).searchParams.get("token")!;
    const confirm = await answer(() => confirmAction(routeArgs(formRequest("/email-change/confirm", { token }, { jar }))));
    expect(confirm.location).toContain("/settings?event=email-changed");
    const [changed] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(changed!.email).toBe(newEmail);
    const [untouched] = await t.db.select().from(users).where(eq(users.id, other.user.id));
    expect(untouched!.email).toBe(other.user.email);
    // The profile's copy changed with it.
    await answer(() => settingsLoader(routeArgs(getRequest("/settings?event=email-changed", { jar }))));
    expect((await profileOf(user.id))!.email).toBe(newEmail);
  });

  it("sends nothing to an address that already has an account, with the same answer", async () => {
    const { jar } = await signedIn();
    const taken = await createUser(t.db);
    const result = await post({ intent: "email", email: taken.user.email, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect(result.data).toMatchObject({ ok: true, intent: "email" });
    expect((await outboxFor(env.dataDir, taken.user.email)).filter((m) => /new email/i.test(m.subject))).toEqual([]);
  });
});

describe("Resend verification email (docs/product.md §7.5)", () => {
  it("sends Better Auth's verification email to her own address", async () => {
    const { user, jar } = await signedIn({ emailVerified: false });
    const result = await post({ intent: "resend-verification", email: "someone-else@example.com" }, jar);
    expect(result.data).toMatchObject({ ok: true, intent: "resend-verification" });
    expect((await outboxFor(env.dataDir, user.email)).length).toBeGreaterThan(0);
    expect(await outboxFor(env.dataDir, "someone-else@example.com")).toEqual([]);
  });
});

describe("Profile picture (docs/product.md §11.6)", () => {
  it("stores a real image re-encoded without metadata, replaces the previous upload, and only for herself", async () => {
    const { user, jar } = await signedIn();
    const other = await createUser(t.db);
    const withExif = await sharp({ create: { width: 80, height: 60, channels: 3, background: "#336699" } })
      .jpeg()
      .withExif({ IFD0: { Copyright: "secret place", Artist: "gps-here" } })
      .toBuffer();
    const first = await upload(new Blob([new Uint8Array(withExif)], { type: "image/jpeg" }), "holiday.jpg", jar, { userId: other.user.id });
    expect(first.data).toEqual({ ok: true, intent: "avatar", title: "Success", description: "Profile picture updated successfully" });
    const files = avatarFiles(user.id);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^\d+\.jpg$/);
    const stored = fs.readFileSync(path.join(env.dataDir, "uploads", "profile-pictures", user.id, files[0]!));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    expect((await profileOf(user.id))!.avatarUrl).toBe(`/uploads/profile-pictures/${user.id}/${files[0]}`);
    expect(avatarFiles(other.user.id)).toEqual([]);

    await new Promise((r) => setTimeout(r, 5));
    const second = await upload(await png(), "next.png", jar);
    expect(second.data).toMatchObject({ ok: true });
    const after = avatarFiles(user.id);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatch(/\.png$/);
  });

  it.each([
    ["a disguised type (HTML named .png)", () => new Blob(["<html><script>alert(1)</script></html>"], { type: "image/png" }), "evil.png", "Only JPEG, PNG, GIF, and WebP images are allowed"],
    ["a non-image with an image extension", () => new Blob([new Uint8Array(2048).fill(7)], { type: "image/jpeg" }), "notes.jpg", "Only JPEG, PNG, GIF, and WebP images are allowed"],
    ["an SVG named .gif", () => new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: "image/gif" }), "x.gif", "Only JPEG, PNG, GIF, and WebP images are allowed"],
    ["a 6 MB file", () => new Blob([new Uint8Array(6 * 1024 * 1024)], { type: "image/png" }), "big.png", "File size must be less than 5MB"],
  ])("refuses %s with the documented message and stores nothing", async (_label, make, name, message) => {
    const { user, jar } = await signedIn({ avatarUrl: "/uploads/profile-pictures/keep/1.svg" });
    const result = await upload(make(), name, jar);
    expect(result.data).toMatchObject({ ok: false, title: "Validation Error", message });
    expect(avatarFiles(user.id)).toEqual([]);
    expect((await profileOf(user.id))!.avatarUrl).toBe("/uploads/profile-pictures/keep/1.svg");
  });
});

describe("Delete Account (docs/product.md §10.6, §9.8)", () => {
  it("cancels subscriptions first, removes everything, keeps purchases with user_id null, signs out", async () => {
    const { user, jar } = await signedIn();
    const other = await createUser(t.db);
    await upload(await png(), "me.png", jar);
    expect(avatarFiles(user.id)).toHaveLength(1);
    const purchase = await createPurchase(t.db, user.id);
    const kept = await createPurchase(t.db, other.user.id);

    const result = await post({ intent: "delete", userId: other.user.id, currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect(result.status).toBe(302);
    expect(result.location).toBe("/");
    // The home page does not hydrate: the browser loads it as a new document, whose root loader
    // alone reads the toast (a client navigation's `.data` request would race it for the cookie).
    expect(result.headers.get("X-Remix-Reload-Document")).toBe("true");
    expect(result.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=.*Max-Age=0/i.test(c))).toBe(true);
    const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(result.headers) }))));
    expect(page.data.toasts).toEqual([expect.objectContaining({ title: "Account Deleted", description: "Your account has been permanently deleted" })]);

    for (const table of [users] as const) expect(await t.db.select().from(table).where(eq(table.id, user.id))).toEqual([]);
    for (const table of [profiles, sessions, accounts, loginHistory, userRoles] as const) {
      expect(await t.db.select().from(table).where(eq(table.userId, user.id))).toEqual([]);
    }
    expect(avatarFiles(user.id)).toEqual([]);
    const [orphan] = await t.db.select().from(purchases).where(eq(purchases.id, purchase.id));
    expect(orphan).toMatchObject({ userId: null, amountCents: purchase.amountCents });
    const [theirs] = await t.db.select().from(purchases).where(eq(purchases.id, kept.id));
    expect(theirs!.userId).toBe(other.user.id);
    expect(await t.db.select().from(users).where(eq(users.id, other.user.id))).toHaveLength(1);
    // Her old cookie no longer opens anything.
    expect((await answer(() => settingsLoader(routeArgs(getRequest("/settings", { jar }))))).location).toBe("/");
  });

  it("deletes nothing when the subscriptions cannot be cancelled", async () => {
    const { user } = await signedIn();
    const order: string[] = [];
    const result = await deleteOwnAccount(user.id, {
      cancelSubscriptions: async () => {
        order.push((await t.db.select().from(users).where(eq(users.id, user.id))).length ? "cancel-with-user" : "cancel-without-user");
        throw new Error("provider down");
      },
    });
    expect(order).toEqual(["cancel-with-user"]);
    expect(result).toEqual({ ok: false, reason: "failed", message: DELETE_FAILED_MESSAGE });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
  });

  it("refuses the last administrator, but lets an admin go when another remains", async () => {
    await t.db.delete(userRoles);
    const { user, jar } = await signedIn({ admin: true });
    const refused = await post({ intent: "delete", currentPassword: DEFAULT_TEST_PASSWORD }, jar);
    expect(refused.status).toBe(409);
    expect(refused.data).toEqual({ ok: false, intent: "delete", title: "Error", message: LAST_ADMIN_MESSAGE });
    expect(await t.db.select().from(users).where(eq(users.id, user.id))).toHaveLength(1);
    await createUser(t.db, { admin: true });
    expect((await post({ intent: "delete", currentPassword: DEFAULT_TEST_PASSWORD }, jar)).location).toBe("/");
  });
});

describe("Download my data", () => {
  it("sends a visitor home", async () => {
    expect((await answer(() => downloadLoader(routeArgs(getRequest("/settings/data"))))).location).toBe("/");
  });

  it("is a JSON attachment of her own data, without secrets or anybody else's", async () => {
    const { user, jar } = await signedIn({ firstName: "Dora" });
    const other = await createUser(t.db, { firstName: "Zelda" });
    await createLoginHistory(t.db, user.id, { count: 3 });
    await createLoginHistory(t.db, other.user.id, { count: 2 });
    const mine = await createPurchase(t.db, user.id);
    const theirs = await createPurchase(t.db, other.user.id);
    await t.db.insert(emailSubscribers).values([
      { email: user.email, form: "newsletter", unsubscribeToken: `tok-${Date.now()}-a`, confirmTokenHash: "hash-a" },
      { email: other.user.email, form: "newsletter", unsubscribeToken: `tok-${Date.now()}-b` },
    ]);
    const response = (await downloadLoader(routeArgs(getRequest("/settings/data?userId=" + other.user.id, { jar })))) as Response;
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body.account).toMatchObject({ id: user.id, email: user.email });
    expect(body.profile).toMatchObject({ first_name: "Dora" });
    expect(body.login_history.length).toBeGreaterThanOrEqual(4); // 3 + the sign-in
    expect(body.purchases).toEqual([expect.objectContaining({ stripe_session_id: mine.stripeSessionId })]);
    expect(body.email_list_subscriptions).toEqual([expect.objectContaining({ email: user.email, form: "newsletter" })]);
    for (const secret of [other.user.id, other.user.email, "Zelda", theirs.stripeSessionId, "hash-a", "tok-", "password", "token"]) {
      expect(text).not.toContain(secret);
    }
  });
});
