import { coachSlugFromEnv } from "~/config/slug";

// The authorization matrix (decision 161; docs/product.md §12 and §1.3 "Every loader and action that needs
// a user or an admin checks it on the server"): every route of app/routes.ts, each of its
// actions (the loader as GET, the action as POST with each `intent` it accepts), and what each
// kind of visitor gets. tests/integration/authorization-matrix.test.ts sends every cell to the
// built server and fails when a route has no entry here, or an entry names a route that is gone.
//
// The actors:
//   anonymous    no session
//   member       a signed-in member ("Alice"); the resources with ids below are hers
//   otherMember  another signed-in member ("Beth"), acting on Alice's resources and ids
//   admin        a signed-in admin (not the owner of Alice's resources either)
//
// An outcome without `changes: true` must leave every table as it was (the rate-limit counters
// excepted). Requests that are refused carry a valid body on purpose: if a guard went missing, the
// request would change something and the test would see it.

export const ACTORS = ["anonymous", "member", "otherMember", "admin"] as const;
export type Actor = (typeof ACTORS)[number];

export const SIGN_IN_MESSAGE = "Please sign in to access the admin dashboard";
export const DENIED_MESSAGE = "Access denied. Admin privileges required.";

export interface Outcome {
  /** The status, or the statuses any of which is right (a JSON answer or a redirect). */
  status: number | readonly number[];
  /** A redirect's target: the exact Location, or a pattern. */
  location?: string | RegExp;
  /** The description of the flash toast the redirect carries. */
  toast?: string;
  /** Text the body must contain, and text it must not (someone else's data). */
  bodyIncludes?: string[];
  bodyExcludes?: string[];
  /** The actor may change data with this request. Without it, nothing may change. */
  changes?: boolean;
}

/** What the test knows about the site's data when it builds a request. */
export interface Fixture {
  origin: string;
  member: { id: string; email: string };
  otherMember: { id: string; email: string };
  admin: { id: string; email: string };
  /** A user nobody signs in as, for the admin's actions on another account. */
  target(): { id: string; email: string };
  /**
   * Open test-checkout sessions of Alice's: one to pay (Learn to Lift) and one to decline (her
   * 1-to-1 coaching), which 'cancel' uses too (cancelling only goes back to the checkout page).
   */
  memberCheckout: { pay: string; decline: string; cancel: string };
  /** Alice's paid test-checkout session and her monthly subscription's provider id. */
  memberPaidSession: string;
  memberSubscription: string;
  /** Alice's avatar (a public file under /uploads). */
  memberAvatar: string;
  /** An address nobody uses yet. */
  freshEmail(prefix: string): string;
  /** A cohort date and time two months ahead, as the form's datetime-local field sends it. */
  futureDate: string;
}

export interface RequestSpec {
  path: string;
  form?: Record<string, string>;
  json?: unknown;
  multipart?: FormData;
  headers?: Record<string, string>;
}

export interface MatrixAction {
  /** "GET", "POST", "POST intent=name"… */
  name: string;
  method: "GET" | "POST";
  request(f: Fixture, actor: Actor): RequestSpec;
  expect: Record<Actor, Outcome | ((f: Fixture) => Outcome)>;
  /**
   * Allowed runs of it end the actor's session or account: they run last, each as a spare user
   * of the actor's role, so the other cells keep their sessions.
   */
  destructive?: boolean;
}

export interface MatrixEntry {
  /** The route's path as in app/routes.ts, with a leading slash ("/" for the index route). */
  route: string;
  actions: MatrixAction[];
}

// ─── Common outcomes ────────────────────────────────────────────────────────────────────────────

const ok: Outcome = { status: 200 };
const notFound: Outcome = { status: 404 };
const goHome: Outcome = { status: 302, location: "/" };
// docs/product.md §12: the log-in form, which brings her back to the admin page she asked for.
const adminSignIn: Outcome = { status: 302, location: /^\/auth\?mode=log-in&redirectTo=%2Fsettings%2Fadmin/, toast: SIGN_IN_MESSAGE };
const adminDenied: Outcome = { status: 302, location: "/", toast: DENIED_MESSAGE };
const allowed = (outcome: Outcome): Outcome => ({ ...outcome, changes: true });

/** What /payment-success shows for a recorded monthly purchase, and for someone else's session. */
const RECORDED = "Your next payment is due on";
const NOT_HERS = "find this payment on your account";

/**
 * /auth without JavaScript: the action runs, then the page's loader sends a signed-in visitor
 * home (requireAnonymous), so whatever the action answered she gets a redirect to /.
 */
function authForm(anonymous: Outcome, changes = false): Record<Actor, Outcome> {
  const signedIn: Outcome = { ...goHome, changes };
  return { anonymous, member: signedIn, otherMember: signedIn, admin: signedIn };
}

function same(outcome: Outcome): Record<Actor, Outcome> {
  return { anonymous: outcome, member: outcome, otherMember: outcome, admin: outcome };
}

/** A public page: everybody reads it, nothing changes. */
function page(route: string): MatrixEntry {
  return { route, actions: [{ name: "GET", method: "GET", request: () => ({ path: route }), expect: same(ok) }] };
}

/** Signed-in members only (requireUser): a signed-out visitor is sent home. */
function membersOnly(signedIn: Outcome, member: Outcome = signedIn): Record<Actor, Outcome> {
  return { anonymous: goHome, member, otherMember: signedIn, admin: signedIn };
}

/** Admins only (requireAdmin, docs/product.md §12): everybody else is sent home with the documented words. */
function adminsOnly(admin: Outcome): Record<Actor, Outcome> {
  return { anonymous: adminSignIn, member: adminDenied, otherMember: adminDenied, admin };
}

// ─── Reused actions ─────────────────────────────────────────────────────────────────────────────

const checkoutPages = (slug: string) =>
  [
    { key: `stronger-with-${slug}`, path: `/stronger-with-${slug}-checkout`, monthly: true },
    { key: "learn-to-lift", path: "/learn-to-lift-checkout", monthly: false },
    { key: "build-stronger-foundations", path: "/build-stronger-foundations-checkout", monthly: true },
  ] as const;

function checkoutEntry(path: string, memberAlreadySubscribed: boolean): MatrixEntry {
  const startsCheckout = allowed({ status: 302, location: /^http:\/\/localhost:\d+\/test-checkout\/[A-Za-z0-9_]+$/ });
  return {
    route: path,
    actions: [
      { name: "GET", method: "GET", request: () => ({ path }), expect: same(ok) },
      {
        // 'Complete Your Purchase': the product is the page's, the buyer the session's.
        name: "POST",
        method: "POST",
        request: () => ({ path, form: {} }),
        expect: {
          anonymous: goHome,
          // Alice already has Build Stronger Foundations running: not sold to her twice (409).
          member: memberAlreadySubscribed ? { status: 409 } : startsCheckout,
          otherMember: startsCheckout,
          admin: startsCheckout,
        },
      },
    ],
  };
}

// ─── The matrix ─────────────────────────────────────────────────────────────────────────────────

export function authorizationMatrix(slug: string = coachSlugFromEnv(process.env)): MatrixEntry[] {
  const [oneToOne, learnToLift, foundations] = checkoutPages(slug);
  return [
    page("/"),
    page(`/meet-${slug}`),
    page("/coaching-services"),
    page("/community"),
    page("/contact"),
    page(`/stronger-with-${slug}`),
    checkoutEntry(oneToOne.path, false),
    page("/learn-to-lift"),
    checkoutEntry(learnToLift.path, false),
    page("/learn-to-lift-interest"),
    page("/build-stronger-foundations"),
    checkoutEntry(foundations.path, true),
    page("/build-stronger-foundations-interest"),
    {
      route: "/build-stronger-foundations/interest",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/build-stronger-foundations/interest" }),
          expect: same({ status: 301, location: "/build-stronger-foundations-interest" }),
        },
      ],
    },
    {
      route: "/payment-success",
      actions: [
        {
          // Alice's paid session: only she sees her purchase; anybody else never does.
          name: "GET ?session_id=<Alice's>",
          method: "GET",
          request: (f) => ({ path: `/payment-success?session_id=${f.memberPaidSession}` }),
          expect: {
            anonymous: { status: 200, bodyIncludes: ["Please log in to see this payment"], bodyExcludes: [RECORDED] },
            // Her own page re-reads her subscription's state from the provider (a write).
            member: { status: 200, bodyIncludes: [RECORDED], changes: true },
            otherMember: { status: 200, bodyIncludes: [NOT_HERS], bodyExcludes: [RECORDED] },
            admin: { status: 200, bodyIncludes: [NOT_HERS], bodyExcludes: [RECORDED] },
          },
        },
      ],
    },
    page("/strength-training"),
    {
      route: "/settings",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/settings" }),
          expect: {
            anonymous: goHome,
            member: (f) => ({ status: 200, bodyIncludes: [f.member.email], bodyExcludes: [f.otherMember.email] }),
            otherMember: (f) => ({ status: 200, bodyIncludes: [f.otherMember.email], bodyExcludes: [f.member.email] }),
            admin: (f) => ({ status: 200, bodyIncludes: [f.admin.email], bodyExcludes: [f.member.email] }),
          },
        },
        {
          name: "POST intent=avatar",
          method: "POST",
          request: () => {
            const form = new FormData();
            form.set("intent", "avatar");
            form.set("avatar", new File([PNG_1X1], "me.png", { type: "image/png" }));
            return { path: "/settings?js=1", multipart: form };
          },
          expect: membersOnly(allowed({ status: 200 })),
        },
        {
          // A member's id never comes from the form: the extra userId names Alice and is ignored.
          name: "POST intent=name",
          method: "POST",
          request: (f) => ({ path: "/settings?js=1", form: { intent: "name", name: "Renamed Member", userId: f.member.id } }),
          expect: membersOnly(allowed({ status: 200 })),
        },
        {
          // Each actor gives her own password (docs/product.md §9.2): the change is asked for her own account.
          name: "POST intent=email",
          method: "POST",
          request: (f, actor) => ({ path: "/settings?js=1", form: { intent: "email", email: f.freshEmail("new-address"), currentPassword: passwordOf(actor) } }),
          expect: membersOnly(allowed({ status: 200 })),
        },
        {
          // Without her password a session alone changes nothing (docs/product.md §9.2).
          name: "POST intent=email (no password)",
          method: "POST",
          request: (f) => ({ path: "/settings?js=1", form: { intent: "email", email: f.freshEmail("no-password") } }),
          expect: membersOnly({ status: 400 }),
        },
        {
          name: "POST intent=notifications",
          method: "POST",
          request: () => ({ path: "/settings?js=1", form: { intent: "notifications", enabled: "false" } }),
          expect: membersOnly(allowed({ status: 200 })),
        },
        {
          name: "POST intent=resend-verification",
          method: "POST",
          request: () => ({ path: "/settings?js=1", form: { intent: "resend-verification" } }),
          expect: membersOnly(allowed({ status: 200 })),
        },
        {
          // NOTE: no password rather than a wrong one: Alice's address already takes nine wrong
          // passwords in this table (the sign-in cells), and a tenth would pause it.
          name: "POST intent=delete (no password)",
          method: "POST",
          request: () => ({ path: "/settings?js=1", form: { intent: "delete" } }),
          expect: membersOnly({ status: 400 }),
        },
        {
          name: "POST intent=delete",
          method: "POST",
          request: (_f, actor) => ({ path: "/settings", form: { intent: "delete", currentPassword: passwordOf(actor) } }),
          expect: membersOnly(allowed({ status: 302, location: "/", toast: "Your account has been permanently deleted" })),
          destructive: true,
        },
      ],
    },
    {
      // The dashboard's own address opens its first tab.
      route: "/settings/admin",
      actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin" }), expect: adminsOnly({ status: 302, location: "/settings/admin/users" }) }],
    },
    {
      route: "/settings/admin/users",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/settings/admin/users" }),
          expect: adminsOnly(ok),
        },
        {
          name: "POST intent=update-user",
          method: "POST",
          request: (f) => ({
            path: "/settings/admin/users",
            form: { intent: "update-user", userId: f.member.id, firstName: "Edited", lastName: "ByAdmin" },
          }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
        {
          name: "POST intent=toggle-admin",
          method: "POST",
          request: (f) => ({ path: "/settings/admin/users", form: { intent: "toggle-admin", userId: f.target().id } }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
        {
          name: "POST intent=give-access",
          method: "POST",
          request: (f) => ({ path: "/settings/admin/users", form: { intent: "give-access", userId: f.target().id, productKey: "learn-to-lift", confirm: "yes" } }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
        {
          name: "POST intent=delete-user",
          method: "POST",
          request: (f) => {
            const target = f.target();
            return { path: "/settings/admin/users", form: { intent: "delete-user", userId: target.id, confirmation: "DELETE" } };
          },
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
      ],
    },
    {
      route: "/settings/admin/analytics",
      actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin/analytics?period=30d&split=campaign" }), expect: adminsOnly(ok) }],
    },
    {
      route: "/settings/admin/sales",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/sales?status=paid" }), expect: adminsOnly(ok) },
        {
          // 'Refund' on a payment that does not exist: refused for everyone, and only an admin reaches the check.
          name: "POST intent=refund",
          method: "POST",
          request: () => ({
            path: "/settings/admin/sales",
            form: { intent: "refund", purchaseId: "00000000-0000-4000-8000-000000000000", confirm: "yes", requestKey: "matrix-key-0001" },
          }),
          expect: adminsOnly(allowed({ status: [404] })),
        },
        {
          name: "POST intent=cancel-subscription",
          method: "POST",
          request: () => ({ path: "/settings/admin/sales", form: { intent: "cancel-subscription", subscriptionId: "sub_matrix_unknown", when: "now", confirm: "yes" } }),
          expect: adminsOnly(allowed({ status: [404] })),
        },
        {
          name: "POST intent=pause-subscription",
          method: "POST",
          request: () => ({ path: "/settings/admin/sales", form: { intent: "pause-subscription", subscriptionId: "sub_matrix_unknown", months: "1", confirm: "yes" } }),
          expect: adminsOnly(allowed({ status: [404] })),
        },
      ],
    },
    { route: "/settings/admin/activity", actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin/activity" }), expect: adminsOnly(ok) }] },
    page("/terms"),
    page("/privacy"),
    {
      // Better Auth's own endpoints: the ones a browser can reach, each checked on the server.
      route: "/api/auth/*",
      actions: [
        {
          name: "GET get-session",
          method: "GET",
          request: () => ({ path: "/api/auth/get-session" }),
          expect: {
            anonymous: { status: 200, bodyIncludes: ["null"] },
            member: (f) => ({ status: 200, bodyIncludes: [f.member.email], bodyExcludes: [f.otherMember.email] }),
            otherMember: (f) => ({ status: 200, bodyIncludes: [f.otherMember.email], bodyExcludes: [f.member.email] }),
            admin: (f) => ({ status: 200, bodyIncludes: [f.admin.email], bodyExcludes: [f.member.email] }),
          },
        },
        {
          // Closed: the site never lists sessions (decision 247).
          name: "GET list-sessions (disabled)",
          method: "GET",
          request: () => ({ path: "/api/auth/list-sessions" }),
          expect: same(notFound),
        },
        {
          // Closed: a password oracle for whoever holds a session (decision 247).
          name: "POST verify-password (disabled)",
          method: "POST",
          request: () => ({ path: "/api/auth/verify-password", json: { password: "Not-the-password-1" } }),
          expect: same(notFound),
        },
        {
          // Every account is made through the sign-up form, never Better Auth's endpoint directly.
          name: "POST sign-up/email",
          method: "POST",
          request: (f) => ({
            path: "/api/auth/sign-up/email",
            json: { email: f.freshEmail("direct-signup"), password: "Stronger2025", name: "Direct Signup" },
          }),
          expect: same({ status: [400, 403, 422] }),
        },
        {
          name: "POST sign-in/email (wrong password)",
          method: "POST",
          request: (f) => ({ path: "/api/auth/sign-in/email", json: { email: f.member.email, password: "Not-her-password-1" } }),
          expect: same({ status: 401 }),
        },
        {
          // Closed: profile changes go through /settings, deletion through its own flow (docs/product.md §9.8).
          name: "POST update-user (disabled)",
          method: "POST",
          request: () => ({ path: "/api/auth/update-user", json: { name: "Changed Elsewhere" } }),
          expect: same(notFound),
        },
        {
          name: "POST delete-user (disabled)",
          method: "POST",
          request: () => ({ path: "/api/auth/delete-user", json: {} }),
          expect: same(notFound),
        },
        {
          name: "POST change-email (disabled)",
          method: "POST",
          request: (f) => ({ path: "/api/auth/change-email", json: { newEmail: f.freshEmail("changed") } }),
          expect: same(notFound),
        },
        {
          // Closed: sessions end through sign-out, a password change or reset (decision 247).
          name: "POST revoke-other-sessions (disabled)",
          method: "POST",
          request: () => ({ path: "/api/auth/revoke-other-sessions", json: {} }),
          expect: same(notFound),
        },
        {
          name: "POST change-password (wrong current password)",
          method: "POST",
          request: () => ({
            path: "/api/auth/change-password",
            json: { currentPassword: "Not-the-password-1", newPassword: "Brand-new-2025", revokeOtherSessions: true },
          }),
          expect: { anonymous: { status: 401 }, member: { status: 400 }, otherMember: { status: 400 }, admin: { status: 400 } },
        },
        {
          name: "POST two-factor/enable (wrong password)",
          method: "POST",
          request: () => ({ path: "/api/auth/two-factor/enable", json: { password: "Not-the-password-1" } }),
          expect: { anonymous: { status: 401 }, member: { status: 400 }, otherMember: { status: 400 }, admin: { status: 400 } },
        },
      ],
    },
    {
      route: "/auth",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/auth" }),
          // requireAnonymous: a member has nothing to do on the log-in page.
          expect: { anonymous: ok, member: goHome, otherMember: goHome, admin: goHome },
        },
        {
          name: "POST mode=sign-up",
          method: "POST",
          request: (f) => ({
            path: "/auth",
            form: {
              js: "1",
              mode: "sign-up",
              firstName: "Freya",
              lastName: "Newcomer",
              email: f.freshEmail("sign-up"),
              password: "Stronger2025",
              terms: "on",
            },
          }),
          expect: authForm(allowed(ok), true),
        },
        {
          name: "POST mode=log-in (Alice's address, wrong password)",
          method: "POST",
          request: (f) => ({ path: "/auth", form: { js: "1", mode: "log-in", email: f.member.email, password: "Not-her-password-1" } }),
          expect: authForm({ status: 401 }),
        },
        {
          name: "POST mode=forgot-password",
          method: "POST",
          request: (f) => ({ path: "/auth", form: { js: "1", mode: "forgot-password", email: f.freshEmail("nobody") } }),
          expect: authForm(ok),
        },
        {
          name: "POST mode=two-factor (no challenge)",
          method: "POST",
          request: () => ({ path: "/auth", form: { js: "1", mode: "two-factor", code: "123456" } }),
          expect: authForm({ status: [400, 401] }),
        },
      ],
    },
    {
      // The /auth action answering in JSON, for the login dialog of the pages that do not hydrate.
      route: "/api/auth-form",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/api/auth-form" }), expect: same({ status: 404 }) },
        {
          name: "POST mode=sign-up",
          method: "POST",
          request: (f) => ({
            path: "/api/auth-form",
            form: {
              mode: "sign-up",
              firstName: "Maren",
              lastName: "Newcomer",
              email: f.freshEmail("sign-up-json"),
              password: "Stronger2025",
              terms: "on",
            },
          }),
          expect: authForm(allowed(ok)),
        },
        {
          name: "POST mode=log-in (Alice's address, wrong password)",
          method: "POST",
          request: (f) => ({ path: "/api/auth-form", form: { mode: "log-in", email: f.member.email, password: "Not-her-password-1" } }),
          expect: authForm({ status: 401 }),
        },
        {
          name: "POST mode=forgot-password",
          method: "POST",
          request: (f) => ({ path: "/api/auth-form", form: { mode: "forgot-password", email: f.freshEmail("nobody-json") } }),
          expect: authForm(ok),
        },
      ],
    },
    {
      route: "/sign-out",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/sign-out" }), expect: same(goHome) },
        {
          name: "POST",
          method: "POST",
          request: () => ({ path: "/sign-out", form: {} }),
          expect: {
            anonymous: { status: 302, location: "/" },
            member: allowed({ status: 302, location: "/", toast: "You have signed out. See you again soon!" }),
            otherMember: allowed({ status: 302, location: "/", toast: "You have signed out. See you again soon!" }),
            admin: allowed({ status: 302, location: "/", toast: "You have signed out. See you again soon!" }),
          },
          destructive: true,
        },
      ],
    },
    {
      route: "/reset-password",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/reset-password?token=not-a-real-token" }), expect: same(ok) },
        {
          name: "POST (unknown token)",
          method: "POST",
          request: () => ({ path: "/reset-password", form: { token: "not-a-real-token", password: "Stronger2025", confirmPassword: "Stronger2025" } }),
          expect: same({ status: 400 }),
        },
      ],
    },
    {
      // The link mailed to a new address (docs/product.md §9.2): the token is the key; an unknown one is a
      // 400 page for everybody and changes nothing.
      route: "/email-change/confirm",
      actions: [
        { name: "GET (unknown token)", method: "GET", request: () => ({ path: `/email-change/confirm?token=${"a".repeat(43)}` }), expect: same({ status: 400 }) },
        {
          name: "POST (unknown token)",
          method: "POST",
          request: () => ({ path: "/email-change/confirm", form: { token: "a".repeat(43) } }),
          expect: same({ status: 400 }),
        },
      ],
    },
    {
      // The sign-up confirmation link (docs/product.md §7.5): GET asks, POST confirms; a token that is
      // not ours is a 400 page for everybody and changes nothing.
      route: "/verify-email",
      actions: [
        { name: "GET (unknown token)", method: "GET", request: () => ({ path: "/verify-email?token=a.b.c" }), expect: same({ status: 400 }) },
        { name: "POST (unknown token)", method: "POST", request: () => ({ path: "/verify-email", form: { token: "a.b.c" } }), expect: same({ status: 400 }) },
      ],
    },
    {
      // The link mailed to the old address: GET shows the question, POST undoes; unknown tokens do nothing.
      route: "/email-change/undo",
      actions: [
        { name: "GET (unknown token)", method: "GET", request: () => ({ path: `/email-change/undo?token=${"a".repeat(43)}` }), expect: same({ status: 400 }) },
        {
          name: "POST (unknown token)",
          method: "POST",
          request: () => ({ path: "/email-change/undo", form: { token: "a".repeat(43) } }),
          expect: same({ status: 400 }),
        },
      ],
    },
    {
      route: "/settings/data",
      actions: [
        {
          // Her own data only: there is no parameter to ask for anybody else's.
          name: "GET ?userId=<Alice's>",
          method: "GET",
          request: (f) => ({ path: `/settings/data?userId=${f.member.id}` }),
          expect: {
            anonymous: goHome,
            member: (f) => ({ status: 200, bodyIncludes: [f.member.email] }),
            otherMember: (f) => ({ status: 200, bodyIncludes: [f.otherMember.email], bodyExcludes: [f.member.email, f.member.id] }),
            admin: (f) => ({ status: 200, bodyIncludes: [f.admin.email], bodyExcludes: [f.member.email, f.member.id] }),
          },
        },
      ],
    },
    {
      route: "/settings/security",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/security" }), expect: same({ status: 302, location: "/settings" }) },
        {
          name: "POST intent=change-password",
          method: "POST",
          request: (f, actor) => ({
            path: "/settings/security",
            form: { js: "1", intent: "change-password", currentPassword: passwordOf(actor), newPassword: "Brand-new-2025", confirmPassword: "Brand-new-2025" },
          }),
          expect: membersOnly(allowed(ok)),
          destructive: true,
        },
        {
          name: "POST intent=enable-two-factor",
          method: "POST",
          request: (_f, actor) => ({ path: "/settings/security", form: { js: "1", intent: "enable-two-factor", password: passwordOf(actor) } }),
          expect: membersOnly(allowed(ok)),
        },
        {
          name: "POST intent=verify-two-factor (wrong code)",
          method: "POST",
          request: () => ({ path: "/settings/security", form: { js: "1", intent: "verify-two-factor", code: "000000" } }),
          expect: membersOnly({ status: 400 }),
        },
        {
          // Two-factor is not on for anybody here: 409 and nothing changes.
          name: "POST intent=disable-two-factor",
          method: "POST",
          request: (_f, actor) => ({ path: "/settings/security", form: { js: "1", intent: "disable-two-factor", password: passwordOf(actor) } }),
          expect: membersOnly({ status: 409 }),
        },
        {
          name: "POST intent=regenerate-backup-codes",
          method: "POST",
          request: (_f, actor) => ({ path: "/settings/security", form: { js: "1", intent: "regenerate-backup-codes", password: passwordOf(actor) } }),
          expect: membersOnly({ status: 409 }),
        },
      ],
    },
    {
      // Files are public by their unguessable key (avatars appear on pages); nothing else is served.
      route: "/uploads/*",
      actions: [
        { name: "GET <Alice's avatar>", method: "GET", request: (f) => ({ path: f.memberAvatar }), expect: same(ok) },
        { name: "GET ../data-dir.lock", method: "GET", request: () => ({ path: "/uploads/..%2Fdata-dir.lock" }), expect: same(notFound) },
      ],
    },
    {
      route: "/api/email-list",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/api/email-list" }), expect: same({ status: 405 }) },
        {
          name: "POST",
          method: "POST",
          request: (f) => ({ path: "/api/email-list", form: { _js: "1", form: "newsletter", email_address: f.freshEmail("list"), first_name: "Nell" } }),
          expect: same(allowed(ok)),
        },
      ],
    },
    {
      route: "/api/page-view",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/api/page-view" }), expect: same({ status: 405 }) },
        // A form is not the beacon's JSON: the same refusal for everyone, and nothing is counted.
        { name: "POST (a form)", method: "POST", request: () => ({ path: "/api/page-view", form: { page: "/" } }), expect: same({ status: 400 }) },
      ],
    },
    {
      route: "/email/confirm",
      actions: [
        { name: "GET (unknown token)", method: "GET", request: () => ({ path: `/email/confirm?token=${"a".repeat(43)}` }), expect: same({ status: [400, 410] }) },
        {
          name: "POST (unknown token)",
          method: "POST",
          request: () => ({ path: `/email/confirm?token=${"a".repeat(43)}`, form: { token: "a".repeat(43) } }),
          expect: same({ status: [400, 410] }),
        },
      ],
    },
    {
      route: "/email/unsubscribe",
      actions: [
        { name: "GET (unknown token)", method: "GET", request: () => ({ path: `/email/unsubscribe?token=${"a".repeat(43)}` }), expect: same(notFound) },
        {
          name: "POST (unknown token)",
          method: "POST",
          request: () => ({ path: `/email/unsubscribe?token=${"a".repeat(43)}`, form: { "List-Unsubscribe": "One-Click" } }),
          expect: same(notFound),
        },
      ],
    },
    {
      route: "/downloads/:file",
      actions: [
        { name: "GET 28-day-workout-calendar.pdf", method: "GET", request: () => ({ path: "/downloads/28-day-workout-calendar.pdf" }), expect: same(ok) },
        { name: "GET menopause-strength-guide.pdf", method: "GET", request: () => ({ path: "/downloads/menopause-strength-guide.pdf" }), expect: same(ok) },
        { name: "GET unknown.pdf", method: "GET", request: () => ({ path: "/downloads/unknown.pdf" }), expect: same(notFound) },
      ],
    },
    {
      route: "/api/payments/webhook",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/api/payments/webhook" }), expect: same({ status: 405 }) },
        {
          // An unsigned event that would record a purchase for Alice: refused for everybody.
          name: "POST (unsigned)",
          method: "POST",
          request: (f) => ({
            path: "/api/payments/webhook",
            json: {
              id: "evt_unsigned_matrix",
              object: "event",
              type: "checkout.session.completed",
              created: Math.floor(Date.now() / 1000),
              data: { object: { id: f.memberCheckout.pay, object: "checkout.session", payment_status: "paid", client_reference_id: f.member.id } },
            },
          }),
          expect: same({ status: 400 }),
        },
      ],
    },
    {
      // The built-in test checkout's hosted page: only the member who owns a session may see or pay it.
      route: "/test-checkout/:sessionId",
      actions: [
        {
          name: "GET <Alice's session>",
          method: "GET",
          request: (f) => ({ path: `/test-checkout/${f.memberCheckout.pay}` }),
          expect: { anonymous: goHome, member: ok, otherMember: notFound, admin: notFound },
        },
        {
          name: "POST intent=pay <Alice's session>",
          method: "POST",
          request: (f) => ({ path: `/test-checkout/${f.memberCheckout.pay}`, form: { intent: "pay" } }),
          expect: {
            anonymous: goHome,
            member: allowed({ status: 302, location: /\/payment-success\?session_id=/ }),
            otherMember: notFound,
            admin: notFound,
          },
        },
        {
          name: "POST intent=decline <Alice's session>",
          method: "POST",
          request: (f) => ({ path: `/test-checkout/${f.memberCheckout.decline}`, form: { intent: "decline" } }),
          expect: { anonymous: goHome, member: allowed(ok), otherMember: notFound, admin: notFound },
        },
        {
          name: "POST intent=cancel <Alice's session>",
          method: "POST",
          request: (f) => ({ path: `/test-checkout/${f.memberCheckout.cancel}`, form: { intent: "cancel" } }),
          expect: { anonymous: goHome, member: { status: 302, location: /\?cancelled=true$/ }, otherMember: notFound, admin: notFound },
        },
      ],
    },
    {
      // The test provider's stand-in for Stripe's Customer Portal: only her own subscriptions.
      route: "/test-checkout/billing-portal",
      actions: [
        {
          name: "GET billing-portal",
          method: "GET",
          request: () => ({ path: "/test-checkout/billing-portal" }),
          expect: {
            anonymous: goHome,
            member: (f) => ({ status: 200, bodyIncludes: [f.member.email] }),
            otherMember: (f) => ({ status: 200, bodyExcludes: [f.memberSubscription] }),
            admin: (f) => ({ status: 200, bodyExcludes: [f.memberSubscription] }),
          },
        },
        ...(["cancel", "resume", "advance"] as const).map(
          (intent): MatrixAction => ({
            name: `POST billing-portal intent=${intent} <Alice's subscription>`,
            method: "POST",
            request: (f) => ({ path: "/test-checkout/billing-portal", form: { intent, subscriptionId: f.memberSubscription } }),
            expect: {
              anonymous: goHome,
              member: allowed({ status: 302, location: "/test-checkout/billing-portal" }),
              otherMember: notFound,
              admin: notFound,
            },
          }),
        ),
      ],
    },
    {
      route: "/settings/billing",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/billing" }), expect: same({ status: 302, location: "/settings" }) },
        {
          name: "POST",
          method: "POST",
          request: () => ({ path: "/settings/billing", form: {} }),
          expect: {
            anonymous: goHome,
            member: { status: 302, location: /\/test-checkout\/billing-portal$/ },
            otherMember: { status: 302, location: "/settings", toast: "You haven't bought anything yet, so there is no billing to manage." },
            admin: { status: 302, location: "/settings", toast: "You haven't bought anything yet, so there is no billing to manage." },
          },
        },
      ],
    },
    page("/sitemap.xml"),
    page("/robots.txt"),
    {
      route: "/settings/admin/members.csv",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/settings/admin/members.csv" }),
          expect: adminsOnly({ status: 200 }),
        },
      ],
    },
    {
      route: "/settings/admin/sales.csv",
      actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin/sales.csv?status=paid" }), expect: adminsOnly({ status: 200 }) }],
    },
    {
      route: "/settings/admin/analytics.csv",
      actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin/analytics.csv?period=7d&split=source" }), expect: adminsOnly({ status: 200 }) }],
    },
    {
      route: "/settings/admin/subscribers.csv",
      actions: [{ name: "GET", method: "GET", request: () => ({ path: "/settings/admin/subscribers.csv?q=example" }), expect: adminsOnly({ status: 200 }) }],
    },
    {
      route: "/settings/admin/subscribers",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/subscribers" }), expect: adminsOnly(ok) },
        {
          // Nobody signed up with this id: an administrator is told so, and nothing changes.
          name: "POST intent=erase-subscriber",
          method: "POST",
          request: () => ({
            path: "/settings/admin/subscribers",
            form: { intent: "erase-subscriber", subscriberId: "00000000-0000-4000-8000-000000000000", confirmation: "DELETE" },
          }),
          expect: adminsOnly(notFound),
        },
      ],
    },
    {
      route: "/settings/admin/integrations",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/integrations" }), expect: adminsOnly(ok) },
        {
          name: "POST intent=retry-failed",
          method: "POST",
          request: () => ({ path: "/settings/admin/integrations", form: { intent: "retry-failed" } }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
      ],
    },
    {
      route: "/settings/admin/emails",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/emails" }), expect: adminsOnly(ok) },
        {
          name: "POST intent=send-test",
          method: "POST",
          request: () => ({ path: "/settings/admin/emails", form: { intent: "send-test", key: "receipt-learn-to-lift" } }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
      ],
    },
    {
      // The overview's 'Mark done' on a 1-to-1 follow-up (docs/product.md §10.16): the matrix names
      // no real to-do, so an admin is told it could not be found and nothing changes.
      route: "/settings/admin/follow-ups",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/follow-ups" }), expect: adminsOnly({ status: [200, 302] }) },
        {
          name: "POST intent=mark-done",
          method: "POST",
          request: () => ({ path: "/settings/admin/follow-ups", form: { intent: "mark-done", id: "00000000-0000-4000-8000-000000000000" } }),
          expect: adminsOnly(notFound),
        },
      ],
    },
    {
      // The Content tab: every form names the version it was shown; the matrix names version 0,
      // so an admin's first request saves and a replay is refused (409) and changes nothing.
      route: "/settings/admin/content",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/content" }), expect: adminsOnly(ok) },
        ...(
          [
            ["add-item", "testimonials", { quote: "Strong at last.", name: "Matrix", age: "50" }],
            ["delete-item", "testimonials", { index: "0" }],
            ["update-item", "faqCoaching", { index: "0", question: "Matrix?", answer: "Yes." }],
            ["move-item", "qualifications", { index: "0", direction: "down" }],
            ["save-block", "homeHero", { headline: "Matrix headline", intro: "Matrix line." }],
            ["save-block", "announcement", { enabled: "on", text: "Matrix news", linkLabel: "", linkUrl: "" }],
            ["save-photo", "coachPhoto", { alt: "Matrix" }],
            ["restore-version", "meetPage", { version: "1" }],
            ["reset-block", "testimonials", {}],
          ] as const
        ).map(
          ([intent, block, fields]): MatrixAction => ({
            name: `POST intent=${intent} block=${block}`,
            method: "POST",
            request: () => ({ path: "/settings/admin/content", form: { intent, block, expectedVersion: "0", ...fields } }),
            expect: adminsOnly(allowed({ status: [200, 303, 400, 404, 409] })),
          }),
        ),
      ],
    },
    {
      // The Courses tab (docs/product.md §10.14): the matrix names items nobody has (404 for an
      // admin, nothing changed), and adds a module the admin may add.
      route: "/settings/admin/courses",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/courses" }), expect: adminsOnly(ok) },
        ...(
          [
            ["add-module", { course: "build-stronger-foundations", title: "Matrix module" }],
            ["update-module", { moduleId: "00000000-0000-4000-8000-000000000000", title: "Nobody's" }],
            ["delete-module", { moduleId: "00000000-0000-4000-8000-000000000000" }],
            ["add-lesson", { moduleId: "00000000-0000-4000-8000-000000000000", title: "Nobody's" }],
            ["update-lesson", { lessonId: "00000000-0000-4000-8000-000000000000", title: "Nobody's" }],
            ["move-lesson", { lessonId: "00000000-0000-4000-8000-000000000000", direction: "up" }],
            ["delete-file", { fileId: "00000000-0000-4000-8000-000000000000" }],
          ] as const
        ).map(
          ([intent, fields]): MatrixAction => ({
            name: `POST intent=${intent}`,
            method: "POST",
            request: () => ({ path: "/settings/admin/courses", form: { intent, ...fields } }),
            expect: adminsOnly(allowed({ status: [303, 404] })),
          }),
        ),
      ],
    },
    // A lesson's own video (docs/product.md §10.14): the form's route and the script's JSON twin.
    // The lesson named is nobody's, so an admin's upload is refused 404 and nothing changes.
    ...(["/settings/admin/courses/video", "/settings/admin/courses/video-upload"] as const).map((route) => ({
      route,
      actions: [
        ...(route === "/settings/admin/courses/video"
          ? [{ name: "GET", method: "GET", request: () => ({ path: route }), expect: adminsOnly(ok) } satisfies MatrixAction]
          : []),
        {
          name: "POST a video",
          method: "POST",
          request: () => {
            const form = new FormData();
            form.set("lessonId", "00000000-0000-4000-8000-000000000000");
            form.set("video", new File([MP4_HEAD], "lesson.mp4", { type: "video/mp4" }));
            return { path: route, multipart: form };
          },
          expect: adminsOnly(allowed({ status: 404 })),
        } satisfies MatrixAction,
      ],
    })),
    {
      // The files shared with one member (docs/product.md §10.15): the admin shares a small PDF with
      // Alice; a 'Delete' names a file nobody has (404 for an admin, nothing changed).
      route: "/settings/admin/member-files",
      actions: [
        { name: "GET", method: "GET", request: (f) => ({ path: `/settings/admin/member-files?userId=${f.member.id}` }), expect: adminsOnly({ status: 200, bodyIncludes: ["Files for", "Share a file"] }) },
        { name: "GET (nobody)", method: "GET", request: () => ({ path: "/settings/admin/member-files?userId=nobodyAtAll" }), expect: adminsOnly(notFound) },
        {
          name: "POST intent=share-file",
          method: "POST",
          request: (f) => {
            const form = new FormData();
            form.set("intent", "share-file");
            form.set("userId", f.member.id);
            form.set("file", new File([PDF_SMALL], "Matrix plan.pdf", { type: "application/pdf" }));
            return { path: "/settings/admin/member-files", multipart: form };
          },
          expect: adminsOnly(allowed({ status: 303, location: "/settings/admin/users" })),
        },
        {
          name: "POST intent=delete-file",
          method: "POST",
          request: (f) => ({ path: "/settings/admin/member-files", form: { intent: "delete-file", userId: f.member.id, fileId: "00000000-0000-4000-8000-000000000000" } }),
          expect: adminsOnly(notFound),
        },
      ],
    },
    // The members' area (docs/product.md §19). Alice has Build Stronger Foundations (her paid test
    // checkout), Beth nothing, the admin previews everything. Her first visit to a course records her
    // enrolment, so her allowed GETs may write.
    {
      route: "/learn",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn" }),
          expect: {
            anonymous: goHome,
            member: allowed({ status: 200, bodyIncludes: ["Build Stronger Foundations"] }),
            otherMember: { status: 200, bodyIncludes: ["Nothing here yet"] },
            admin: { status: 200, bodyIncludes: ["You are previewing the members"] },
          },
        },
      ],
    },
    {
      route: "/learn/:course",
      actions: [
        {
          name: "GET (her course)",
          method: "GET",
          request: () => ({ path: "/learn/build-stronger-foundations" }),
          expect: {
            anonymous: goHome,
            member: allowed({ status: 200, bodyIncludes: ["Why small works"] }),
            otherMember: { status: 403, bodyExcludes: ["Why small works"] },
            admin: { status: 200, bodyIncludes: ["Why small works"] },
          },
        },
        {
          name: "GET (a course she has not bought)",
          method: "GET",
          request: () => ({ path: "/learn/learn-to-lift" }),
          expect: {
            anonymous: goHome,
            member: { status: 403, bodyExcludes: ["Your space and your kit"] },
            otherMember: { status: 403, bodyExcludes: ["Your space and your kit"] },
            admin: { status: 200, bodyIncludes: ["Your space and your kit"] },
          },
        },
      ],
    },
    {
      route: "/learn/:course/:module/:lesson",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn/build-stronger-foundations/make-room-for-movement/why-small-works" }),
          expect: {
            anonymous: goHome,
            member: allowed({ status: 200, bodyIncludes: ["Big plans fail"] }),
            otherMember: { status: 403, bodyExcludes: ["Big plans fail"] },
            admin: { status: 200, bodyIncludes: ["Big plans fail"] },
          },
        },
        {
          name: "POST intent=complete",
          method: "POST",
          request: () => ({ path: "/learn/build-stronger-foundations/make-room-for-movement/why-small-works", form: { intent: "complete" } }),
          // The admin's preview records nothing.
          expect: { anonymous: goHome, member: allowed({ status: 303 }), otherMember: { status: 403 }, admin: { status: 303 } },
        },
      ],
    },
    {
      route: "/learn/files/:fileId",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn/files/00000000-0000-4000-8000-000000000000" }),
          expect: { anonymous: goHome, member: notFound, otherMember: notFound, admin: notFound },
        },
      ],
    },
    {
      route: "/learn/videos/:lessonId",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn/videos/00000000-0000-4000-8000-000000000000" }),
          expect: { anonymous: goHome, member: notFound, otherMember: notFound, admin: notFound },
        },
      ],
    },
    {
      route: "/learn/coaching",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn/coaching" }),
          expect: {
            anonymous: goHome,
            member: { status: 403, bodyExcludes: ["Files from"] },
            otherMember: { status: 403, bodyExcludes: ["Files from"] },
            admin: { status: 200, bodyIncludes: ["Files from"] },
          },
        },
      ],
    },
    {
      route: "/learn/coaching/files/:fileId",
      actions: [
        {
          name: "GET",
          method: "GET",
          request: () => ({ path: "/learn/coaching/files/00000000-0000-4000-8000-000000000000" }),
          expect: { anonymous: goHome, member: notFound, otherMember: notFound, admin: notFound },
        },
      ],
    },
    {
      route: "/settings/admin/offers",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/offers" }), expect: adminsOnly(ok) },
        {
          name: "POST intent=reset-offer",
          method: "POST",
          request: () => ({ path: "/settings/admin/offers", form: { intent: "reset-offer", target: "price:learn-to-lift" } }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
        {
          name: "POST intent=update-offers",
          method: "POST",
          request: (f) => ({
            path: "/settings/admin/offers",
            form: {
              intent: "update-offers",
              "price:learn-to-lift": "275",
              [`price:stronger-with-${slug}`]: "450",
              "price:build-stronger-foundations": "25",
              nextCohortDate: f.futureDate,
            },
          }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
      ],
    },
    {
      route: "/settings/admin/promotions",
      actions: [
        { name: "GET", method: "GET", request: () => ({ path: "/settings/admin/promotions" }), expect: adminsOnly(ok) },
        {
          name: "POST intent=create-promotion",
          method: "POST",
          request: () => ({
            path: "/settings/admin/promotions",
            form: { intent: "create-promotion", code: `MATRIX${Math.floor(Math.random() * 1e9)}`, percentOff: "10", appliesTo: "learn-to-lift" },
          }),
          expect: adminsOnly(allowed({ status: [200, 302, 303] })),
        },
        {
          name: "POST intent=turn-off-promotion",
          method: "POST",
          request: () => ({ path: "/settings/admin/promotions", form: { intent: "turn-off-promotion", promotionId: "00000000-0000-4000-8000-000000000000" } }),
          expect: adminsOnly(allowed({ status: [404] })),
        },
      ],
    },
    {
      route: "*",
      actions: [{ name: "GET /no-such-page", method: "GET", request: () => ({ path: "/no-such-page" }), expect: same(notFound) }],
    },
  ];
}

/** The password each actor signs in with (the factories' default, shared by every test user). */
export const MATRIX_PASSWORD = "LiftHeavy2025";
function passwordOf(_actor: Actor): string {
  return MATRIX_PASSWORD;
}

/** A valid 1×1 PNG, for the avatar upload. */
/** The smallest file the member-files form takes as a PDF (its first bytes are "%PDF-"). */
export const PDF_SMALL = Buffer.from("%PDF-1.4\n%%EOF\n");

export const PNG_1X1 = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

/** An MP4's first box ('ftyp', brand isom) and a few bytes: what the server knows a video by. */
export const MP4_HEAD = new Uint8Array([0, 0, 0, 0x18, ...new TextEncoder().encode("ftypisom"), 0, 0, 2, 0, 1, 2, 3, 4, 5, 6, 7, 8]);
