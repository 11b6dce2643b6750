import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as verifyAction } from "~/routes/account/verify-email";
import { action as authAction } from "~/routes/api/auth-form";
import { jobs, loginHistory, marketingConsents, profiles, sessions, userRoles, users, adminActivityLog } from "~/server/db/schema";
import { SIGNUP_MARKETING_CONSENT } from "~/content/marketing-consent";
import type { AuthActionResult } from "~/utils/auth-result";
import { setupTestDatabase } from "../support/db";
import { answer, CookieJar, formRequest, nextTestIp, outboxFor, routeArgs, setupAuthEnvironment, TEST_PASSWORD, uniqueEmail } from "../support/auth";

const t = setupTestDatabase();
const env = setupAuthEnvironment({ ADMIN_EMAILS: "Coach@Example.com, second-admin@example.com", GEO_HEADER: "x-geo-city" });

function signUpFields(overrides: Record<string, string | undefined> = {}) {
  return {
    mode: "sign-up",
    js: "1",
    firstName: "Sarah",
    lastName: "Jones",
    phone: "07700 900123",
    email: uniqueEmail(),
    password: TEST_PASSWORD,
    terms: "on",
    sourcePath: "/build-stronger-foundations-checkout",
    redirectTo: "/build-stronger-foundations-checkout",
    ...overrides,
  };
}

async function signUp(fields: Record<string, string | undefined>, ip = nextTestIp(), headers: Record<string, string> = {}) {
  return answer<AuthActionResult>(() => authAction(routeArgs(formRequest("/auth", fields, { headers }), ip)));
}

describe("sign-up through the auth form's action", () => {
  it("creates the user, profile, avatar and first login together, and signs her in", async () => {
    const fields = signUpFields();
    const ip = nextTestIp();
    const result = await signUp(fields, ip, { "x-geo-city": "Leeds, United Kingdom" });
    expect(result.status).toBe(200);
    expect(result.data).toMatchObject({ ok: true, kind: "signed-up", user: { email: fields.email } });

    const [user] = await t.db.select().from(users).where(eq(users.email, fields.email));
    expect(user).toMatchObject({ name: "Sarah Jones", emailVerified: false, twoFactorEnabled: false });
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, user!.id));
    expect(profile).toMatchObject({
      firstName: "Sarah",
      lastName: "Jones",
      email: fields.email,
      phone: "07700 900123",
      termsAccepted: true,
      signupSource: "Build Stronger Foundations",
      initialSignup: "Build Stronger Foundations",
      accountStatus: "active",
      // No news and offers without her opting in (docs/decisions/256-marketing-consent-recorded.md).
      emailNotifications: false,
    });
    expect(profile!.avatarUrl).toMatch(new RegExp(`^/uploads/profile-pictures/${user!.id}/\\d+\\.svg$`));
    const avatarFile = path.join(env.dataDir, profile!.avatarUrl!.replace(/^\//, ""));
    const svg = fs.readFileSync(avatarFile, "utf8");
    expect(svg).toContain(">SJ</text>");
    expect(svg).toContain('width="200" height="200"');

    const logins = await t.db.select().from(loginHistory).where(eq(loginHistory.userId, user!.id));
    expect(logins).toEqual([expect.objectContaining({ ipAddress: ip, location: "Leeds, United Kingdom" })]);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session?.ipAddress).toBe(ip);

    // The session cookie reaches the browser: HttpOnly, SameSite=Lax, not Secure on http.
    const cookie = result.headers.getSetCookie().find((c) => c.startsWith("better-auth.session_token="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
    expect(new CookieJar().store(result.headers).has("better-auth.session_token")).toBe(true);
  });

  it("adds her to news and offers only when she ticks the box, recording the wording and the time (docs/product.md §7.2)", async () => {
    const memberJobs = async (userId: string) =>
      (await t.db.select().from(jobs).where(eq(jobs.queue, "email-marketing"))).filter((job) => (job.payload as { userId?: string }).userId === userId);

    // The box left unticked: notifications off, nothing recorded, nothing queued for the email-marketing service.
    const unticked = await signUp(signUpFields());
    const quietId = (unticked.data as { user: { id: string } }).user.id;
    expect((await t.db.select().from(profiles).where(eq(profiles.userId, quietId)))[0]!.emailNotifications).toBe(false);
    expect(await t.db.select().from(marketingConsents).where(eq(marketingConsents.userId, quietId))).toEqual([]);
    expect(await memberJobs(quietId)).toEqual([]);

    // Ticked: on, the exact wording and the time kept, and one sync job.
    const before = new Date();
    const ticked = await signUp(signUpFields({ marketing: "on" }));
    const keenId = (ticked.data as { user: { id: string } }).user.id;
    expect((await t.db.select().from(profiles).where(eq(profiles.userId, keenId)))[0]!.emailNotifications).toBe(true);
    const consents = await t.db.select().from(marketingConsents).where(eq(marketingConsents.userId, keenId));
    expect(consents).toEqual([expect.objectContaining({ given: true, source: "sign-up", wording: SIGNUP_MARKETING_CONSENT })]);
    expect(consents[0]!.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);
    expect(await memberJobs(keenId)).toHaveLength(1);
  });

  it("sends a verification email that does not stop her signing in (docs/product.md §7.5)", async () => {
    const fields = signUpFields({ firstName: "Helen", lastName: "Wood" });
    const result = await signUp(fields);
    expect(result.data).toMatchObject({ ok: true, kind: "signed-up" });
    const [message] = await outboxFor(env.dataDir, fields.email!);
    expect(message?.subject).toBe("Please confirm your email address for Strong with Jo");
    expect(message?.text).toContain("Hello Helen,");
    const link = message?.links.find((l) => l.includes("/verify-email"));
    expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\?token=/);
  });

  it("refuses a second account with the same email, whatever its case, and changes nothing", async () => {
    const fields = signUpFields();
    expect((await signUp(fields)).status).toBe(200);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const again = await signUp({ ...fields, email: fields.email!.toUpperCase(), firstName: "Other" });
    // docs/product.md §7.1: she is told she has an account and offered the log-in form instead.
    expect(again.status).toBe(409);
    expect(again.data).toEqual({ ok: false, kind: "account-exists", message: "You already have an account with this email address. Please log in to continue." });
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it("answers sign-ups of one address at the same moment with one account and 'you already have an account', never an error", async () => {
    const fields = signUpFields();
    const results = await Promise.all(Array.from({ length: 4 }, (_, i) => signUp({ ...fields, firstName: ["Ann", "Bea", "Cat", "Dee"][i] })));
    const outcomes = results.map((r) => (r.data as { kind?: string }).kind).sort();
    expect(outcomes.filter((kind) => kind === "signed-up")).toHaveLength(1);
    expect(outcomes.filter((kind) => kind === "account-exists")).toHaveLength(3);
    const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`lower(${users.email}) = ${fields.email!.toLowerCase()}`);
    expect(row!.n).toBe(1);
  });

  it("makes an address in ADMIN_EMAILS an administrator once she confirms it logged in, never at sign-up, ignoring case", async () => {
    // Registered once per database: the address is unique.
    const admin = await signUp(signUpFields({ email: "coach@example.com" }));
    const jar = new CookieJar().store(admin.headers);
    expect(admin.status).toBe(200);
    const member = await signUp(signUpFields());
    const adminId = (admin.data as { user: { id: string } }).user.id;
    const memberId = (member.data as { user: { id: string } }).user.id;
    // docs/product.md §9.2: an unverified address is an ordinary member.
    expect((await t.db.select().from(userRoles)).map((r) => r.userId)).not.toContain(adminId);

    const [message] = await outboxFor(env.dataDir, "coach@example.com");
    const link = new URL(message!.links.find((l) => l.includes("/verify-email?token="))!);
    const pressed = await answer(() => verifyAction(routeArgs(formRequest("/verify-email", { token: link.searchParams.get("token")! }, { jar }), nextTestIp())));
    expect(pressed.location).toBe("/settings/admin");

    const roles = await t.db.select().from(userRoles);
    expect(roles.map((r) => r.userId)).toContain(adminId);
    expect(roles.map((r) => r.userId)).not.toContain(memberId);
    const [log] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, adminId));
    expect(log).toMatchObject({ actionType: "grant_admin", adminId: null });
  });

  it("records 'direct' for a sign-up from the home page", async () => {
    const fields = signUpFields({ sourcePath: "/" });
    const result = await signUp(fields);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.email, fields.email!));
    expect(result.status).toBe(200);
    expect(profile?.signupSource).toBe("direct");
  });

  it("leaves no user, session or avatar behind when the profile cannot be written", async () => {
    await t.db.execute(sql`create or replace function refuse_profile() returns trigger language plpgsql as $$
      begin raise exception 'profile refused for the test'; end $$`);
    await t.db.execute(sql`create trigger refuse_profile before insert on profiles for each row execute function refuse_profile()`);
    try {
      const fields = signUpFields();
      const uploads = path.join(env.dataDir, "uploads", "profile-pictures");
      const before = fs.existsSync(uploads) ? fs.readdirSync(uploads).length : 0;
      const result = await signUp(fields);
      expect(result.status).toBe(500);
      expect(result.data).toEqual({ ok: false, kind: "unexpected", message: "An unexpected error occurred" });
      expect(await t.db.select().from(users).where(eq(users.email, fields.email!))).toEqual([]);
      const orphans = await t.db.execute(sql`select count(*)::int as n from sessions s left join users u on u.id = s.user_id where u.id is null`);
      expect(orphans.rows[0]).toEqual({ n: 0 });
      const files = fs.existsSync(uploads) ? fs.readdirSync(uploads).flatMap((d) => fs.readdirSync(path.join(uploads, d))) : [];
      expect(files.length).toBe(before);
    } finally {
      await t.db.execute(sql`drop trigger refuse_profile on profiles`);
    }
  });
});
