import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { AdminEditUserSchema } from "~/validation/admin";
import { SignupSchema } from "~/validation/auth";
import { EmailListSignupSchema } from "~/validation/email-list";
import { parseOffersUpdate } from "~/validation/offers";
import { EmailChangeSchema, NameSchema } from "~/validation/settings";
import type { CookieJar } from "../support/auth";
import { createUser } from "../../scripts/factories";
import {
  badBody,
  badJsonBody,
  badString,
  describeBody,
  encodeBody,
  HOSTILE_STRINGS,
  type BadBody,
} from "../support/fuzz-arbitraries";
import { diffSnapshots, signIn, Site, snapshotDatabase, type Snapshot } from "../support/fuzz-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// Decision 161 (docs/product.md §1.3 "Bad input gets the specified message and changes nothing"):
// property-based bad input, generated with fast-check, sent to every form action and API
// endpoint of the built server: missing and extra fields, wrong types, huge strings and bodies,
// unicode and control characters, NUL bytes, injection strings, malformed JSON and multipart,
// wrong content types. No answer may be a server error (≥ 500), and the database must be as it
// was after each batch (the per-IP rate-limit counters excepted): anonymous bad input changes
// nothing at all, a member's bad input changes nothing of hers (nor anybody else's), an admin's
// bad input changes nothing either.
//
// The inputs are sampled up front and sent a few at a time (each from its own client address, so
// the per-IP limits of sign-in, sign-up and the email lists apply per simulated visitor). The seed
// is printed with any failure; FUZZ_SEED=<n> repeats a run, FUZZ_SEED=random draws new inputs,
// FUZZ_SCALE=<x> sends x times as many. Inputs that once found a bug are sent every run too.

// A fixed seed by default, so CI sends the same inputs every run; FUZZ_SEED=random explores.
const SEED = process.env.FUZZ_SEED === "random" ? Date.now() % 2_147_483_647 : Number(process.env.FUZZ_SEED ?? 20_261_121);
const SCALE = Number(process.env.FUZZ_SCALE ?? 1);
const CONCURRENCY = 8;
const PASSWORD = "LiftHeavy2025";
const SLUG = "jo";
const PRODUCT_KEYS = ["learn-to-lift", `stronger-with-${SLUG}`, "build-stronger-foundations"];

type Actor = "anonymous" | "member" | "admin";

interface FuzzRequest {
  method: string;
  path: string;
  body?: BadBody;
  headers?: Record<string, string>;
  /** Sent without an Origin header (a non-browser client). */
  noOrigin?: boolean;
  /** Sent over node:http as written (any method, any Host header) instead of fetch; no body. */
  raw?: boolean;
}

interface Target {
  name: string;
  runs: number;
  requests: fc.Arbitrary<FuzzRequest>;
  /** Inputs that found a bug once (answered 500): sent every run, before the generated ones. */
  regressions?: FuzzRequest[];
}

let site: Site;
const users: Record<"member" | "admin" | "bystander", { id: string; email: string }> = {} as never;
const jars: Partial<Record<Actor, CookieJar>> = {};
let memberSession = "";
let baseline: Snapshot;
const sent: Record<Actor, number> = { anonymous: 0, member: 0, admin: 0 };
const timings: string[] = [];

// ─── Helpers for generators ─────────────────────────────────────────────────────────────────────

/** The fields as the server reads them: the first value of each name (formToObject). */
function firstValues(pairs: [string, string][]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of pairs) if (!(key in out)) out[key] = value;
  return out;
}

/** The fields a body would give the action (null when the body is not a form at all). */
function formFields(body: BadBody | undefined): Record<string, string> | null {
  if (!body) return null;
  if (body.kind === "form" || body.kind === "multipart") return firstValues(body.pairs);
  return null;
}

/** A multipart body whose `file` is a real PDF, JPEG or PNG (the member-files form would share it). */
function sharesARealFile(body: BadBody | undefined): boolean {
  if (body?.kind !== "multipart" || body.file?.field !== "file" || body.file.bytes.length === 0) return false;
  const starts = (signature: number[]) => signature.every((b, i) => body.file!.bytes[i] === b);
  return starts([0x25, 0x50, 0x44, 0x46, 0x2d]) || starts([0xff, 0xd8, 0xff]) || starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
}

/** The string with lone surrogates replaced (encodeURIComponent refuses them). */
function wellFormed(value: string): string {
  return value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

/** A path segment from any string. */
function segment(value: string): string {
  return encodeURIComponent(wellFormed(value)).slice(0, 2_000);
}

/** Any string as a header value Node will send: tab and printable Latin-1 only, at most 8 kB. */
function headerValue(value: string): string {
  return wellFormed(value)
    .replace(/[^\t\x20-\x7e\xa0-\xff]/g, "")
    .slice(0, 8_000);
}

/** Every method a client might send, the ones the site uses and the ones it does not. */
const ANY_METHOD = fc.constantFrom("GET", "HEAD", "POST", "OPTIONS", "PUT", "DELETE", "PATCH", "TRACE", "PROPFIND", "PROPPATCH", "MKCOL", "COPY", "MOVE", "LOCK", "UNLOCK", "PURGE", "SEARCH", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE", "UNSUBSCRIBE", "ACL", "BIND", "LINK", "UNLINK", "QUERY");
const ODD_HEADER_NAMES = ["host", "cookie", "accept", "accept-encoding", "accept-language", "if-none-match", "if-modified-since", "range", "content-type", "x-forwarded-for", "x-forwarded-host", "x-forwarded-proto", "origin", "referer", "authorization", "user-agent", "expect", "max-forwards", "via", "forwarded"];
const ODD_HOSTS = ["", " ", ":", ":80", "[", "[::1", "[zz]", "a..b", "-a", "a b", "a/b", "a@b", "a:99999", "a:0", "a:-1", "\\evil", "evil.example:80:80", "%65vil.example", "é.example", "x".repeat(300)];

const post = (path: string, body: fc.Arbitrary<BadBody>): fc.Arbitrary<FuzzRequest> =>
  fc.tuple(body, fc.boolean()).map(([b, noOrigin]) => ({ method: "POST", path, body: b, noOrigin: noOrigin && Math.random() < 0.3 }));

const rawPaths = fc.constantFrom("%", "%ZZ", "..%2f..%2fdata-dir.lock", "%2e%2e/%2e%2e/etc/passwd", "a%00b", "%c0%ae%c0%ae/", "x?y=%", "//evil.example/", "\\..\\");

// ─── The endpoints ──────────────────────────────────────────────────────────────────────────────

const AUTH_FIELDS = ["mode", "js", "firstName", "lastName", "phone", "email", "password", "terms", "code", "redirectTo", "website", "sourcePath", "intent.productKey"];

/** Anonymous bad input: every public action and API endpoint, and the guarded ones from outside. */
function anonymousTargets(): Target[] {
  const authForm = fc
    .tuple(fc.constantFrom("sign-up", "log-in", "forgot-password", "two-factor", "", "admin", "<script>"), fc.boolean())
    .chain(([mode, js]) => badBody(AUTH_FIELDS, { mode, ...(js ? { js: "1" } : {}) }))
    // Never a valid sign-up without the honeypot: that would rightly create an account.
    .filter((body) => {
      const fields = formFields(body);
      return !fields || fields.mode !== "sign-up" || (fields.website ?? "").trim() !== "" || !SignupSchema.safeParse(fields).success;
    });
  const emailList = badBody(["form", "email_address", "first_name", "biggest_challenge", "website", "_js", "returnTo"]).filter((body) => {
    const fields = formFields(body);
    return !fields || (fields.website ?? "").trim() !== "" || !EmailListSignupSchema.safeParse(fields).success;
  });
  const guarded = ["/settings", "/settings?js=1", "/settings/security", "/settings/billing", "/settings/admin", "/settings/admin/offers", "/settings/admin/integrations", "/settings/admin/member-files", "/learn-to-lift-checkout", `/stronger-with-${SLUG}-checkout`, "/build-stronger-foundations-checkout", "/sign-out"];
  const webhookSignature = fc.oneof(
    badString.map((s) => wellFormed(s).replace(/[^\x20-\x7e]/g, "").slice(0, 500)),
    fc.tuple(fc.integer(), fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), maxLength: 64 })).map(([t, v]) => `t=${t},v1=${v}`),
  );
  return [
    { name: "POST /auth", runs: 130, requests: post("/auth", authForm) },
    { name: "POST /api/auth-form", runs: 60, requests: post("/api/auth-form", authForm) },
    {
      name: "POST /api/auth/* (JSON endpoints)",
      runs: 120,
      requests: fc.tuple(
        fc.constantFrom("sign-in/email", "sign-up/email", "request-password-reset", "reset-password", "two-factor/verify-totp", "two-factor/verify-backup-code", "change-password", "two-factor/enable", "revoke-session", "send-verification-email", "update-user"),
        badJsonBody(["email", "password", "name", "token", "newPassword", "currentPassword", "code", "callbackURL", "redirectTo", "rememberMe", "image"]),
      ).map(([endpoint, body]): FuzzRequest => ({ method: "POST", path: `/api/auth/${endpoint}`, body })),
    },
    {
      name: "GET /api/auth/* (links and unknown endpoints)",
      runs: 40,
      requests: fc.oneof(
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/api/auth/verify-email?token=${segment(s)}&callbackURL=${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/api/auth/reset-password/${segment(s)}?callbackURL=${segment(s)}` })),
        fc.constant<FuzzRequest>({ method: "GET", path: "/api/auth/reset-password/%00?callbackURL=%2Freset-password" }),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/api/auth/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: "/api/auth/get-session", headers: { cookie: `better-auth.session_token=${segment(s)}` } })),
      ),
    },
    { name: "POST /api/email-list", runs: 100, requests: post("/api/email-list", emailList) },
    {
      name: "/email/confirm and /email/unsubscribe",
      runs: 40,
      requests: fc.oneof(
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/email/confirm?token=${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/email/unsubscribe?token=${segment(s)}` })),
        fc.tuple(badString, badBody(["token", "List-Unsubscribe"])).map(([s, body]): FuzzRequest => ({ method: "POST", path: `/email/unsubscribe?token=${segment(s)}`, body })),
      ),
    },
    {
      name: "POST /reset-password",
      runs: 40,
      requests: post("/reset-password", badBody(["token", "password", "confirmPassword"])),
      // A body that is not a form made request.formData() throw: 500 (fixed).
      regressions: [
        { method: "POST", path: "/reset-password", body: { kind: "json", value: { token: true } } },
        { method: "POST", path: "/reset-password", body: { kind: "truncated-multipart", pairs: [], cut: 20 } },
        // A token holding NUL reached PostgreSQL, which refuses it in text: 500 (fixed).
        { method: "POST", path: "/reset-password", body: { kind: "form", pairs: [["token", "\u0000"], ["password", "Stronger2025"], ["confirmPassword", "Stronger2025"]] } },
        { method: "POST", path: "/reset-password", body: { kind: "form", pairs: [["token", "abc\u0000def"], ["password", "Stronger2025"], ["confirmPassword", "Stronger2025"]] } },
      ],
    },
    {
      name: "/email-change/confirm and /email-change/undo",
      runs: 40,
      regressions: [
        { method: "GET", path: "/email-change/confirm?token=%00" },
        { method: "GET", path: "/email-change/undo?token=%00" },
        { method: "POST", path: "/email-change/undo", body: { kind: "form", pairs: [["token", "\u0000"]] } },
        { method: "POST", path: "/email-change/undo", body: { kind: "json", value: { token: ["x"] } } },
      ],
      requests: fc.oneof(
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/email-change/confirm?token=${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/email-change/undo?token=${segment(s)}` })),
        post("/email-change/undo", badBody(["token"])),
      ),
    },
    {
      name: "POST /api/payments/webhook",
      runs: 40,
      requests: fc.tuple(badJsonBody(["id", "type", "data", "object", "created"]), webhookSignature).map(([body, signature]): FuzzRequest => ({
        method: "POST",
        path: "/api/payments/webhook",
        body,
        headers: { "stripe-signature": signature },
        noOrigin: true,
      })),
    },
    {
      name: "guarded actions from a signed-out visitor",
      runs: 80,
      requests: fc
        .tuple(fc.constantFrom(...guarded), badBody(["intent", "name", "email", "enabled", "userId", "password", "currentPassword", "newPassword", "confirmation", "subscriptionId", "price:learn-to-lift", "nextCohortDate"]))
        .map(([path, body]): FuzzRequest => ({ method: "POST", path, body })),
    },
    {
      name: "methods and header oddities",
      runs: 160,
      // TRACE on any path and an empty Host on a page the cache does not hold answered 500 (fixed).
      regressions: [
        { method: "TRACE", path: "/", raw: true },
        { method: "TRACE", path: "/settings", raw: true },
        { method: "GET", path: "/settings", raw: true, headers: { host: "" } },
        { method: "GET", path: "/no-such-page", raw: true, headers: { host: "" } },
        { method: "POST", path: "/auth", raw: true, headers: { host: "" } },
      ],
      requests: fc
        .tuple(
          ANY_METHOD,
          fc.constantFrom("/", "/contact", "/settings", "/settings.data", "/_root.data", "/settings/admin", "/settings/admin/members.csv", "/settings/data", "/auth", "/api/auth/get-session", "/api/email-list", "/api/payments/webhook", "/uploads/profile-pictures/x/1.png", "/downloads/x.pdf", "/sitemap.xml", "/healthz", "/favicon.ico", "/no-such-page", "/test-checkout/x"),
          fc.dictionary(fc.constantFrom(...ODD_HEADER_NAMES), fc.oneof(badString.map(headerValue), fc.constantFrom(...ODD_HOSTS)), { maxKeys: 4 }),
        )
        .map(([method, path, headers]): FuzzRequest => ({ method, path, headers, raw: true })),
    },
    {
      name: "paths, queries and cookies",
      runs: 80,
      // A reset token holding NUL reached PostgreSQL from the page's loader: 500 (fixed).
      regressions: [
        { method: "GET", path: "/reset-password?token=%00" },
        { method: "GET", path: "/reset-password?token=a%00b" },
        { method: "GET", path: "/api/auth/reset-password/%00?callbackURL=%2Freset-password" },
      ],
      requests: fc.oneof(
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/uploads/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/downloads/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/test-checkout/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/${segment(s)}` })),
        rawPaths.map((p): FuzzRequest => ({ method: "GET", path: `/uploads/${p}` })),
        fc.tuple(fc.constantFrom("/", "/auth", "/payment-success", "/reset-password", "/build-stronger-foundations/interest", "/settings/data"), fc.constantFrom("session_id", "token", "mode", "redirectTo", "cancelled", "event", "error"), badString).map(
          ([path, key, value]): FuzzRequest => ({ method: "GET", path: `${path}?${key}=${segment(value)}` }),
        ),
        badString.map((s): FuzzRequest => ({ method: "GET", path: "/", headers: { cookie: `sc_toast=${segment(s)}; better-auth.session_token=${segment(s)}` } })),
      ),
    },
  ];
}

/** A member's bad input to her own forms: refused, and nothing of hers (or anyone's) changes. */
function memberTargets(): Target[] {
  const invalidName = badString.filter((name) => !NameSchema.safeParse({ name }).success);
  const invalidEmail = badString.filter((email) => !EmailChangeSchema.safeParse({ email }).success && email.trim().toLowerCase() !== users.member.email);
  const notIntent = (valid: readonly string[]) => badString.filter((s) => !valid.includes(s));
  const settingsIntents = ["avatar", "name", "email", "notifications", "resend-verification", "delete"];
  // A victim's id among the extra fields: a member's id comes from her session, never the form.
  const extras = (fields: Record<string, string>) => ({ ...fields, userId: users.bystander.id });
  return [
    {
      name: "POST /settings intent=name (invalid names)",
      runs: 45,
      requests: invalidName.chain((name) => post("/settings?js=1", badBody(["name", "userId"], extras({ intent: "name", name }), invalidName))),
    },
    {
      name: "POST /settings intent=email (invalid addresses)",
      runs: 30,
      requests: invalidEmail.chain((email) => post("/settings?js=1", badBody(["email"], extras({ intent: "email", email }), invalidEmail))),
    },
    {
      // docs/product.md §9.2: without her password (or with a wrong one) neither changes anything.
      name: "POST /settings intent=email and intent=delete (missing or wrong passwords)",
      runs: 40,
      requests: fc
        .tuple(fc.constantFrom("email", "delete"), fc.boolean())
        .chain(([intent, js]) =>
          post(
            js ? "/settings?js=1" : "/settings",
            badBody(["currentPassword", "email"], extras({ intent, ...(intent === "email" ? { email: "never-changed-to@example.com" } : {}) }), badString.filter((s) => s !== PASSWORD)),
          ),
        )
        .filter((request) => formFields(request.body)?.currentPassword !== PASSWORD),
    },
    {
      name: "POST /settings intent=notifications (not true or false)",
      runs: 20,
      requests: notIntent(["true", "false"]).chain((enabled) => post("/settings", badBody(["enabled"], { intent: "notifications", enabled }, notIntent(["true", "false"])))),
    },
    {
      name: "POST /settings intent=avatar (files that are not images)",
      runs: 45,
      requests: post("/settings?js=1", badBody(["avatar"], { intent: "avatar" }).filter((b) => b.kind !== "form")),
    },
    {
      name: "POST /settings (unknown or missing intents)",
      runs: 30,
      requests: post("/settings?js=1", badBody(["intent", "name", "email", "enabled"], {}, notIntent(settingsIntents)).filter((b) => {
        const intent = formFields(b)?.intent;
        return intent === undefined || !settingsIntents.includes(intent);
      })),
    },
    {
      name: "POST /settings/security (wrong passwords and codes)",
      runs: 50,
      requests: fc
        .constantFrom("change-password", "enable-two-factor", "verify-two-factor", "disable-two-factor", "regenerate-backup-codes", "unknown")
        .chain((intent) => post("/settings/security", badBody(["currentPassword", "newPassword", "confirmPassword", "password", "code", "js"], { intent, js: "1" }, badString.filter((s) => s !== PASSWORD)))),
    },
    {
      name: "POST /test-checkout/<her session> (unknown intents)",
      runs: 30,
      // A body that is not a form made request.formData() throw: 500 (fixed).
      regressions: [
        { method: "POST", path: `/test-checkout/${memberSession}`, body: { kind: "json", value: {} } },
        { method: "POST", path: "/test-checkout/billing-portal", body: { kind: "raw", contentType: "text/plain", body: "intent=cancel" } },
      ],
      requests: fc.constant(null).chain(() => post(`/test-checkout/${memberSession}`, badBody(["intent"], {}, notIntent(["pay", "decline", "cancel"])).filter((b) => !["pay", "decline", "cancel"].includes(formFields(b)?.intent ?? "")))),
    },
    {
      name: "POST /test-checkout/billing-portal and /settings/billing",
      runs: 25,
      requests: fc.oneof(
        post("/test-checkout/billing-portal", badBody(["intent", "subscriptionId"])),
        post("/settings/billing", badBody(["intent", "userId", "customerId"])),
      ),
    },
    {
      // docs/product.md §19: addresses of courses, lessons and files she may not have, and the lesson form.
      name: "GET and POST the members' area (bad addresses and forms)",
      runs: 40,
      requests: fc.oneof(
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/learn/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/learn/learn-to-lift/${segment(s)}/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/learn/files/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/learn/videos/${segment(s)}` })),
        badString.map((s): FuzzRequest => ({ method: "GET", path: `/learn/coaching/files/${segment(s)}` })),
        post("/learn/learn-to-lift/before-you-start/welcome", badBody(["intent"])),
      ),
    },
    {
      name: "Better Auth endpoints as a member",
      runs: 35,
      // NUL in a session token reached PostgreSQL, which refuses it in text: 500 (fixed).
      regressions: [{ method: "POST", path: "/api/auth/revoke-session", body: { kind: "json", value: { token: "\u0000".repeat(64) } } }],
      requests: fc
        .tuple(fc.constantFrom("change-password", "two-factor/enable", "two-factor/disable", "revoke-session", "update-user", "delete-user", "change-email"), badJsonBody(["currentPassword", "newPassword", "password", "token", "name", "newEmail"]))
        .filter(([, body]) => body.kind !== "json" || JSON.stringify(body.value).indexOf(PASSWORD) < 0)
        .map(([endpoint, body]): FuzzRequest => ({ method: "POST", path: `/api/auth/${endpoint}`, body })),
    },
    {
      name: "GET /settings/data and /settings with bad queries",
      runs: 20,
      requests: badString.map((s): FuzzRequest => ({ method: "GET", path: `/settings${Math.random() < 0.5 ? "/data" : ""}?userId=${segment(s)}&event=${segment(s)}&delete=${segment(s)}` })),
    },
  ];
}

/** An admin's bad input to the dashboard's forms: refused, nothing changes, nothing is logged. */
function adminTargets(): Target[] {
  const badId = fc.oneof(badString, fc.constantFrom("", " ", "0", "1 OR 1=1"));
  const tooLong = fc.integer({ min: 51, max: 5_000 }).map((n) => "N".repeat(n));
  // A real user's id with names the admin form refuses; any other id is nobody's.
  const updateUser = fc.oneof(
    fc.tuple(badId, badString, badString).map(([userId, firstName, lastName]) => ({ intent: "update-user", userId, firstName, lastName })),
    fc.tuple(tooLong, fc.option(badString, { nil: undefined })).map(([firstName, lastName]) => ({ intent: "update-user", userId: users.bystander.id, firstName, ...(lastName === undefined ? {} : { lastName }) })),
  ).filter((f) => f.userId !== users.bystander.id || !AdminEditUserSchema.safeParse(f).success);
  const offersUpdate = badBody(["intent", "nextCohortDate", ...PRODUCT_KEYS.map((k) => `price:${k}`)], { intent: "update-offers" }).filter((body) => {
    const fields = formFields(body);
    return !fields || !parseOffersUpdate(fields, { productKeys: PRODUCT_KEYS, currentCohortDate: new Date(Date.now() + 30 * 86_400_000).toISOString() }).ok;
  });
  return [
    {
      name: "POST /settings/admin intent=update-user",
      runs: 40,
      // NUL in a user id reached PostgreSQL, which refuses it in text: 500.
      regressions: [{ method: "POST", path: "/settings/admin", body: { kind: "form", pairs: [["intent", "update-user"], ["userId", "\u0000x"], ["firstName", "Ann"], ["lastName", "Lee"]] } }],
      requests: updateUser.chain((fixed) => post("/settings/admin", badBody(["firstName", "lastName", "userId"], fixed))),
    },
    {
      name: "POST /settings/admin intent=toggle-admin and delete-user (nobody's ids, no confirmation)",
      runs: 40,
      regressions: [
        { method: "POST", path: "/settings/admin", body: { kind: "form", pairs: [["intent", "toggle-admin"], ["userId", "\u0000"]] } },
        { method: "POST", path: "/settings/admin", body: { kind: "form", pairs: [["intent", "delete-user"], ["userId", "a\u0000b"], ["confirmation", "DELETE"]] } },
      ],
      requests: fc.oneof(
        badId.chain((userId) => post("/settings/admin", badBody(["userId"], { intent: "toggle-admin", userId }))),
        fc.tuple(badId, badString.filter((s) => s !== "DELETE")).chain(([userId, confirmation]) => post("/settings/admin", badBody(["userId", "confirmation"], { intent: "delete-user", userId, confirmation }))),
        badString.chain((confirmation) => post("/settings/admin", badBody([], { intent: "delete-user", userId: users.bystander.id, confirmation: confirmation === "DELETE" ? "delete" : confirmation }))),
      ),
    },
    { name: "POST /settings/admin (unknown intents)", runs: 25, requests: post("/settings/admin", badBody(["intent", "userId", "q", "tab"], {}, badString.filter((s) => !["update-user", "toggle-admin", "delete-user"].includes(s)))) },
    { name: "POST /settings/admin/offers intent=update-offers (invalid)", runs: 40, requests: post("/settings/admin/offers", offersUpdate) },
    {
      name: "POST /settings/admin/offers intent=reset-offer (unknown targets) and /settings/admin/integrations",
      runs: 25,
      requests: fc.oneof(
        post("/settings/admin/offers", badBody(["target"], { intent: "reset-offer" }, badString.filter((s) => !s.startsWith("price:") && s !== "nextCohortDate"))),
        post("/settings/admin/integrations", badBody(["intent", "jobId"], {}, badString.filter((s) => s !== "retry-failed")).filter((b) => formFields(b)?.intent !== "retry-failed")),
      ),
    },
    {
      // docs/product.md §10.13: every content form, from a version that is not the current one (999),
      // so even a valid one is refused (409) after its fields are checked; nothing may change.
      name: "POST /settings/admin/content (bad fields, blocks and intents)",
      runs: 40,
      requests: fc
        .tuple(
          fc.constantFrom("add-item", "update-item", "move-item", "delete-item", "save-block", "save-photo", "restore-version", "reset-block", "unknown"),
          fc.constantFrom("testimonials", "faqCoaching", "qualifications", "homeHero", "meetPage", "announcement", "coachPhoto", "nope"),
        )
        .chain(([intent, block]) =>
          post("/settings/admin/content", badBody(["block", "index", "quote", "name", "age", "question", "answer", "headline", "intro", "linkUrl", "alt", "version"], { intent, block, expectedVersion: "999" })),
        )
        .filter((request) => {
          const fields = formFields(request.body);
          return !fields || fields.expectedVersion === "999";
        }),
    },
    {
      // docs/product.md §10.14: every Courses form with ids nobody has or fields that are refused.
      name: "POST /settings/admin/courses (bad fields, ids and intents)",
      runs: 30,
      requests: fc
        .constantFrom("update-module", "move-module", "delete-module", "add-lesson", "update-lesson", "move-lesson", "delete-lesson", "upload-file", "delete-file", "unknown")
        .chain((intent) =>
          post("/settings/admin/courses", badBody(["moduleId", "lessonId", "fileId", "title", "minutes", "videoUrl", "opensWeek", "direction", "file"], { intent, moduleId: "00000000-0000-4000-8000-000000000000", lessonId: "00000000-0000-4000-8000-000000000000", fileId: "00000000-0000-4000-8000-000000000000" })),
        ),
    },
    {
      // docs/product.md §10.14: a lesson's video, to the form's route and the script's twin, for a
      // lesson nobody has, in every broken shape (truncated, huge, not multipart, a file of junk).
      name: "POST /settings/admin/courses/video and …/video-upload (bad forms and files)",
      runs: 30,
      requests: fc
        .constantFrom("/settings/admin/courses/video", "/settings/admin/courses/video-upload")
        .chain((path) => post(path, badBody(["lessonId", "video"], { lessonId: "00000000-0000-4000-8000-000000000000" }))),
    },
    {
      // docs/product.md §10.15: the files shared with a member, for a real member (Bryony) and ids
      // nobody has, with bad fields and files. A real PDF, JPEG or PNG for her would be shared (a
      // change), so those are left out; every other file must be refused with nothing stored.
      name: "POST /settings/admin/member-files (bad fields, files, ids and intents)",
      runs: 30,
      requests: fc
        .constantFrom("share-file", "delete-file", "unknown")
        .chain((intent) => post("/settings/admin/member-files", badBody(["userId", "fileId", "file"], { intent, userId: users.bystander.id, fileId: "00000000-0000-4000-8000-000000000000" })))
        .filter((request) => !sharesARealFile(request.body)),
    },
    {
      name: "GET admin pages with bad queries",
      runs: 15,
      requests: fc.tuple(fc.constantFrom("/settings/admin", "/settings/admin/users", "/settings/admin/sales", "/settings/admin/subscribers", "/settings/admin/members.csv", "/settings/admin/offers"), badString, badString).map(([path, q, page]): FuzzRequest => ({
        method: "GET",
        path: `${path}?tab=${segment(q)}&q=${segment(q)}&page=${segment(page)}`,
      })),
    },
  ];
}

// ─── Sending ────────────────────────────────────────────────────────────────────────────────────

interface Failure {
  target: string;
  request: string;
  answer: string;
}

function describeRequest(request: FuzzRequest): string {
  const path = request.path.length > 200 ? `${request.path.slice(0, 200)}…` : request.path;
  return `${request.method} ${path}${request.body ? ` ${describeBody(request.body)}` : ""}${request.headers ? ` headers=${JSON.stringify(request.headers).slice(0, 200)}` : ""}`;
}

async function fire(actor: Actor, target: string, request: FuzzRequest): Promise<Failure | null> {
  const encoded = request.body ? encodeBody(request.body) : {};
  if (request.raw) {
    try {
      const headers = { ...request.headers };
      const jar = jars[actor];
      if (jar && headers.cookie === undefined) headers.cookie = jar.header();
      const answer = await site.raw(request.path, { method: request.method, headers });
      sent[actor] += 1;
      if (answer.status >= 500) return { target, request: describeRequest(request), answer: `${answer.status} ${answer.body.slice(0, 300)}` };
      return null;
    } catch (error) {
      sent[actor] += 1;
      return { target, request: describeRequest(request), answer: `no answer: ${String((error as Error).cause ?? error)}` };
    }
  }
  try {
    const response = await site.send(request.path, {
      method: request.method,
      jar: jars[actor] ?? null,
      origin: request.noOrigin ? null : undefined,
      ...encoded,
      headers: { ...encoded.headers, ...request.headers },
      signal: AbortSignal.timeout(60_000),
    });
    const text = await response.text();
    sent[actor] += 1;
    if (response.status >= 500) return { target, request: describeRequest(request), answer: `${response.status} ${text.slice(0, 300)}` };
    return null;
  } catch (error) {
    sent[actor] += 1;
    // A server may close the connection on a body over its limit before reading it all.
    if (request.body?.kind === "huge") return null;
    return { target, request: describeRequest(request), answer: `no answer: ${String((error as Error).cause ?? error)}` };
  }
}

/** Samples each target's inputs and sends them CONCURRENCY at a time; returns the failures. */
async function fuzz(actor: Actor, targets: Target[]): Promise<Failure[]> {
  const failures: Failure[] = [];
  for (const [index, target] of targets.entries()) {
    const started = Date.now();
    const requests = [
      ...(target.regressions ?? []),
      ...fc.sample(target.requests, { numRuns: Math.max(1, Math.round(target.runs * SCALE)), seed: SEED + index * 7919 + actor.length }),
    ];
    for (let i = 0; i < requests.length; i += CONCURRENCY) {
      const results = await Promise.all(requests.slice(i, i + CONCURRENCY).map((r) => fire(actor, target.name, r)));
      failures.push(...results.filter((r): r is Failure => r !== null));
    }
    timings.push(`${actor} · ${target.name}: ${requests.length} inputs in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
  return failures;
}

/** The batch's failures and the rows it changed, as one value for a readable assertion. */
async function outcome(failures: Failure[], ignoreTables: string[] = []) {
  const after = await site.withDatabase((db) => snapshotDatabase(db));
  const changed = diffSnapshots(baseline, after, ignoreTables);
  baseline = after;
  return { seed: SEED, serverErrors: failures.slice(0, 15), serverErrorCount: failures.length, changedRows: changed };
}

const clean = (extra: Record<string, unknown> = {}) => ({ seed: SEED, serverErrors: [], serverErrorCount: 0, changedRows: [], ...extra });

// ─── The site ───────────────────────────────────────────────────────────────────────────────────

beforeAll(async () => {
  site = await Site.start({
    name: "fuzz",
    seed: async (db: Database) => {
      const make = async (firstName: string, admin: boolean) => {
        const { user } = await createUser(db, {
          firstName,
          lastName: "Fuzz",
          email: `${firstName.toLowerCase()}-fuzz@example.com`,
          password: PASSWORD,
          emailVerified: true,
          admin,
          avatarUrl: "/uploads/profile-pictures/none/1.svg",
        });
        return { id: user.id, email: user.email };
      };
      users.member = await make("Morwenna", false);
      users.admin = await make("Agatha", true);
      users.bystander = await make("Bryony", false);
    },
  });
  jars.member = await signIn(site, users.member.email, PASSWORD);
  jars.admin = await signIn(site, users.admin.email, PASSWORD);
  // An open test-checkout session of hers, for the test checkout's action.
  const checkout = await site.send("/learn-to-lift-checkout", { jar: jars.member, form: {} });
  memberSession = /\/test-checkout\/([A-Za-z0-9_]+)$/.exec(checkout.headers.get("location") ?? "")?.[1] ?? "";
  expect(memberSession, `checkout answered ${checkout.status}`).not.toBe("");
  // The test checkout's webhook signing secret is made on first use (the first payment or the
  // first event posted): made here, so the batches only see what their inputs changed.
  const probe = await site.send("/api/payments/webhook", { json: {}, origin: null, headers: { "stripe-signature": "t=1,v1=00" } });
  expect(probe.status).toBe(400);
  baseline = await site.withDatabase((db) => snapshotDatabase(db));
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  const total = sent.anonymous + sent.member + sent.admin;
  console.info(`Fuzzing (seed ${SEED}): ${total} bad inputs sent (anonymous ${sent.anonymous}, member ${sent.member}, admin ${sent.admin}) on ${site?.driver}.\n  ${timings.join("\n  ")}`);
  await site?.close();
});

describe("bad input on the built server", () => {
  it("from a signed-out visitor: never a server error, nothing stored", async () => {
    const failures = await fuzz("anonymous", anonymousTargets());
    expect(await outcome(failures)).toEqual(clean());
  }, INTEGRATION_BUILD_MS);

  it("a sign-up whose name holds control characters or NUL is refused with 400 and creates nothing", async () => {
    const names = fc.sample(
      fc.tuple(fc.constantFrom("Nora", "Jo"), fc.constantFrom("\u0000", "\u0001", "\u001b[31m", "\r\nBcc: x@example.com", "\u007f", "\u0008"), fc.constantFrom("firstName", "lastName")),
      { numRuns: 12, seed: SEED },
    );
    const failures: Failure[] = [];
    let index = 0;
    for (const [name, control, field] of names) {
      index += 1;
      const fields: Record<string, string> = {
        mode: "sign-up",
        js: "1",
        firstName: "Nora",
        lastName: "Brennan",
        email: `control-${index}-${SEED}@example.com`,
        password: "Stronger2025",
        terms: "on",
        [field]: `${name}${control}${name}`,
      };
      const response = await site.send("/auth", { form: fields });
      sent.anonymous += 1;
      if (response.status !== 400) failures.push({ target: "sign-up with control characters", request: JSON.stringify(fields), answer: `${response.status} ${(await response.text()).slice(0, 200)}` });
    }
    expect(await outcome(failures)).toEqual(clean());
  }, INTEGRATION_LONG_MS);

  it("an email-change link for an address somebody registered meanwhile is a 409 page, not a server error", async () => {
    const wanted = `contested-${SEED}@example.com`;
    const asked = await site.send("/settings?js=1", { jar: jars.member, form: { intent: "email", email: wanted, currentPassword: PASSWORD } });
    expect(asked.status).toBe(200);
    const link = new URL(await site.emailedLink(wanted, /\/email-change\/confirm\?token=/));
    // Somebody else has an account with that address by the time she follows the link.
    await site.withDatabase((db) => createUser(db, { firstName: "Clara", lastName: "Quick", email: wanted }));
    // Opening the link only asks (decision 245); the button finds the address taken.
    expect((await site.send(link.pathname + link.search, { jar: jars.member })).status).toBe(200);
    const opened = await site.send(link.pathname, { method: "POST", jar: jars.member, form: { token: link.searchParams.get("token")! } });
    sent.member += 2;
    expect(opened.status).toBe(409);
    expect(await opened.text()).toContain("That address now belongs to another account");
    const settings = await site.send("/settings", { jar: jars.member });
    expect(await settings.text()).toContain(users.member.email);
    // What this test changed on purpose (an account, a used link) is the next batches' baseline
    // (it runs before the member's batch, whose wrong passwords pause her password checks).
    baseline = await site.withDatabase((db) => snapshotDatabase(db));
  }, INTEGRATION_LONG_MS);

  it("from a member: never a server error, nothing of hers or anybody's changes", async () => {
    const failures = await fuzz("member", memberTargets());
    expect(await outcome(failures)).toEqual(clean());
  }, INTEGRATION_BUILD_MS);

  it("from an admin: never a server error, no user, setting or activity-log row changes", async () => {
    const failures = await fuzz("admin", adminTargets());
    expect(await outcome(failures)).toEqual(clean());
  }, INTEGRATION_BUILD_MS);

  it("sent at least 1,000 bad inputs", () => {
    const total = sent.anonymous + sent.member + sent.admin;
    expect(total * (SCALE >= 1 ? 1 : 1 / SCALE)).toBeGreaterThanOrEqual(1_000);
    expect(HOSTILE_STRINGS.length).toBeGreaterThan(30);
  });
});
