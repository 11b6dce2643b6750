import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routeConfig from "../../app/routes";
import { coachSlugFromEnv } from "~/config/slug";
import type { Database } from "~/server/db/client.server";
import { profiles, subscriptions } from "~/server/db/schema";
import type { CookieJar } from "../support/auth";
import {
  ACTORS,
  authorizationMatrix,
  MATRIX_PASSWORD,
  type Actor,
  type Fixture,
  type MatrixAction,
  type MatrixEntry,
  type Outcome,
} from "../support/authorization-matrix";
import { createUser } from "../../scripts/factories";
import { diffSnapshots, signIn, Site, snapshotDatabase, toastOf, type Snapshot } from "../support/fuzz-site";
import { PROJECT_ROOT } from "../support/processes";
import { INTEGRATION_BUILD_MS } from "../support/budgets";

// Decision 161: every route × every action × every kind of visitor, on the built server with
// real cookies, against the table in tests/support/authorization-matrix.ts. Requests the matrix
// refuses run first, all of them, and must leave the database exactly as it was; the allowed
// ones run afterwards. A route added to app/routes.ts without a row in the matrix fails here.

const matrix = authorizationMatrix();

// ─── The route table ────────────────────────────────────────────────────────────────────────────

interface RouteConfigEntry {
  path?: string;
  index?: boolean;
  file: string;
  children?: RouteConfigEntry[];
}

function flatten(entries: readonly RouteConfigEntry[], parent = ""): { route: string; file: string }[] {
  return entries.flatMap((entry) => {
    const joined = entry.index ? parent || "/" : entry.path === "*" && !parent ? "*" : `${parent}/${entry.path ?? ""}`.replace(/\/+/g, "/");
    return [{ route: joined, file: entry.file }, ...flatten(entry.children ?? [], entry.index ? parent : joined)];
  });
}

const routes = flatten(routeConfig as unknown as RouteConfigEntry[]);

function moduleExports(file: string): { loader: boolean; action: boolean } {
  const source = fs.readFileSync(path.join(PROJECT_ROOT, "app", file), "utf8");
  const has = (name: string) => new RegExp(`export\\s+(async\\s+)?(function\\s+${name}\\b|const\\s+${name}\\b)|export\\s*\\{[^}]*\\b${name}\\b`).test(source);
  return { loader: has("loader"), action: has("action") };
}

describe("the authorization matrix's coverage", () => {
  it("has an entry for every route in app/routes.ts, and none for a route that is gone", () => {
    const inTable = routes.map((r) => r.route).sort();
    const inMatrix = matrix.map((e) => e.route).sort();
    expect(inTable.filter((r) => !inMatrix.includes(r)), "routes without a row in the authorization matrix").toEqual([]);
    expect(inMatrix.filter((r) => !inTable.includes(r)), "matrix rows for routes that no longer exist").toEqual([]);
    expect(new Set(inMatrix).size, "one entry per route").toBe(inMatrix.length);
  });

  it("sends each route's loader as GET and its action as POST, and only those", () => {
    const problems: string[] = [];
    for (const { route, file } of routes) {
      const entry = matrix.find((e) => e.route === route);
      if (!entry) continue;
      const { loader, action } = moduleExports(file);
      const methods = new Set(entry.actions.map((a) => a.method));
      if (action && !methods.has("POST")) problems.push(`${route}: ${file} has an action but the matrix sends no POST`);
      if (!action && methods.has("POST")) problems.push(`${route}: the matrix sends POST but ${file} has no action`);
      // A route without a loader still answers GET (a page renders without data).
      if (loader && !methods.has("GET")) problems.push(`${route}: ${file} has a loader but the matrix sends no GET`);
    }
    expect(problems).toEqual([]);
  });
});

// ─── The site ───────────────────────────────────────────────────────────────────────────────────

interface TestUser {
  id: string;
  email: string;
}

let site: Site;
let fixture: Fixture;
const jars = new Map<Actor, CookieJar | null>();
const spares: Record<"member" | "admin", TestUser[]> = { member: [], admin: [] };
const targets: TestUser[] = [];
let baseline: Snapshot;
let emailCounter = 0;

async function seedUsers(db: Database) {
  const make = async (firstName: string, admin = false, avatar = true): Promise<TestUser> => {
    const { user } = await createUser(db, {
      firstName,
      lastName: "Matrix",
      email: `${firstName.toLowerCase()}-${Math.random().toString(36).slice(2, 8)}@example.com`,
      password: MATRIX_PASSWORD,
      emailVerified: false,
      admin,
      // Alice's avatar is made on her first page view (a real file under /uploads); the others
      // have one already, so no page view writes anything.
      avatarUrl: avatar ? "/uploads/profile-pictures/none/1.svg" : null,
    });
    return { id: user.id, email: user.email };
  };
  const alice = await make("Alice", false, false);
  const beth = await make("Beth");
  const admin = await make("Ada", true);
  for (let i = 0; i < 8; i++) spares.member.push(await make(`Spare${i}`));
  for (let i = 0; i < 4; i++) spares.admin.push(await make(`Spareadmin${i}`, true));
  for (let i = 0; i < 12; i++) targets.push(await make(`Target${i}`));
  seeded = { alice, beth, admin };
}
let seeded: { alice: TestUser; beth: TestUser; admin: TestUser };

/** Starts a test checkout as a member and returns its session id. */
async function startCheckout(jar: CookieJar, checkoutPath: string): Promise<string> {
  const response = await site.send(checkoutPath, { jar, form: {} });
  const location = response.headers.get("location") ?? "";
  const id = /\/test-checkout\/([A-Za-z0-9_]+)$/.exec(location)?.[1];
  if (response.status !== 302 || !id) throw new Error(`Checkout at ${checkoutPath} answered ${response.status} ${location}`);
  return id;
}

beforeAll(async () => {
  site = await Site.start({ name: "matrix", seed: seedUsers });
  const alice = await signIn(site, seeded.alice.email, MATRIX_PASSWORD);
  jars.set("anonymous", null);
  jars.set("member", alice);
  jars.set("otherMember", await signIn(site, seeded.beth.email, MATRIX_PASSWORD));
  jars.set("admin", await signIn(site, seeded.admin.email, MATRIX_PASSWORD));

  // Alice's resources: her avatar (made on her first page view), a paid monthly offer (a
  // subscription) and three open test-checkout sessions.
  expect((await site.send("/", { jar: alice })).status).toBe(200);
  const paid = await startCheckout(alice, "/build-stronger-foundations-checkout");
  const pay = await site.send(`/test-checkout/${paid}`, { jar: alice, form: { intent: "pay" } });
  expect(pay.status, await pay.text()).toBe(302);
  expect((await site.send(`/payment-success?session_id=${paid}`, { jar: alice })).status).toBe(200);
  // Her open session for an offer is reused when she starts that offer again (one open session per
  // offer), so the sessions to pay and to decline belong to two offers; cancelling only redirects.
  const open = [await startCheckout(alice, "/learn-to-lift-checkout"), await startCheckout(alice, `/stronger-with-${coachSlugFromEnv(process.env)}-checkout`)];
  open.push(open[1]!);

  const found = await site.withDatabase(async (db) => {
    // The purchases above queued their receipts and the coach's notifications, which the server's
    // mail worker sends in the background (docs/product.md §18.1); counted as sent here, so the
    // worker's own progress is not mistaken for a change made by a refused request.
    await db.execute(sql`update email_messages set status = 'sent', sent_at = now() where status <> 'sent'`);
    await db.execute(sql`update jobs set status = 'done', completed_at = now() where queue = 'email' and status <> 'done'`);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, seeded.alice.id));
    const [subscription] = await db.select().from(subscriptions).where(eq(subscriptions.userId, seeded.alice.id));
    return { avatar: profile!.avatarUrl!, subscription: subscription!.providerSubscriptionId, snapshot: await snapshotDatabase(db) };
  });
  baseline = found.snapshot;
  const future = new Date(Date.now() + 60 * 86_400_000);
  let nextTarget = 0;
  fixture = {
    origin: site.origin,
    member: seeded.alice,
    otherMember: seeded.beth,
    admin: seeded.admin,
    target: () => targets[nextTarget++ % targets.length]!,
    memberCheckout: { pay: open[0]!, decline: open[1]!, cancel: open[2]! },
    memberPaidSession: paid,
    memberSubscription: found.subscription,
    memberAvatar: found.avatar,
    freshEmail: (prefix) => `${prefix}-${Date.now().toString(36)}-${++emailCounter}@example.com`,
    futureDate: `${future.toISOString().slice(0, 10)}T09:30`,
  };
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.close();
});

// ─── Sending a cell ─────────────────────────────────────────────────────────────────────────────

interface Cell {
  entry: MatrixEntry;
  action: MatrixAction;
  actor: Actor;
  outcome: Outcome;
}

function cells(): Cell[] {
  return matrix.flatMap((entry) =>
    entry.actions.flatMap((action) =>
      ACTORS.map((actor) => {
        const expected = action.expect[actor];
        return { entry, action, actor, outcome: typeof expected === "function" ? expected(fixture) : expected };
      }),
    ),
  );
}

const label = (cell: Cell) => `${cell.entry.route} ${cell.action.name} as ${cell.actor}`;

/** Sends one cell and returns what differs from the matrix (empty when all is as expected). */
async function check(cell: Cell, jar: CookieJar | null): Promise<string[]> {
  const spec = cell.action.request(fixture, cell.actor);
  const response = await site.send(spec.path, {
    method: cell.action.method,
    jar,
    form: spec.form,
    json: spec.json,
    multipart: spec.multipart,
    headers: spec.headers,
    ...(cell.action.method === "POST" && !spec.form && spec.json === undefined && !spec.multipart ? { form: {} } : {}),
  });
  const body = await response.text();
  const problems: string[] = [];
  const { outcome } = cell;
  const statuses = Array.isArray(outcome.status) ? outcome.status : [outcome.status];
  if (!statuses.includes(response.status)) {
    const location = response.headers.get("location");
    const toast = toastOf(response);
    problems.push(
      `status ${response.status}${location ? ` → ${location}` : ""}${toast ? ` (toast: ${toast.description})` : ""}, expected ${statuses.join(" or ")}` +
        (response.status >= 400 && response.status !== 404 ? `: ${body.slice(0, 200)}` : ""),
    );
  }
  const location = response.headers.get("location");
  if (outcome.location !== undefined) {
    const target = location?.startsWith(site.origin) && typeof outcome.location === "string" ? location.slice(site.origin.length) : location;
    const matches = typeof outcome.location === "string" ? target === outcome.location : outcome.location.test(location ?? "");
    if (!matches) problems.push(`redirect to ${location ?? "(none)"}, expected ${String(outcome.location)}`);
  }
  if (outcome.toast !== undefined) {
    const toast = toastOf(response);
    if (toast?.description !== outcome.toast) problems.push(`toast ${JSON.stringify(toast?.description ?? null)}, expected ${JSON.stringify(outcome.toast)}`);
  }
  for (const text of outcome.bodyIncludes ?? []) if (!body.includes(text)) problems.push(`the body lacks ${JSON.stringify(text)}`);
  for (const text of outcome.bodyExcludes ?? []) if (body.includes(text)) problems.push(`the body shows ${JSON.stringify(text)}`);
  return problems.map((p) => `${label(cell)}: ${p}`);
}

/** Runs `fn` over the items, `size` at a time. */
async function inBatches<T, R>(items: T[], size: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += size) results.push(...(await Promise.all(items.slice(i, i + size).map(fn))));
  return results;
}

/** Signs in a spare user of the actor's role, for an action that ends her session or account. */
async function spareJar(actor: Actor): Promise<CookieJar> {
  const pool = actor === "admin" ? spares.admin : spares.member;
  const user = pool.shift();
  if (!user) throw new Error(`No spare ${actor} left: add more to the seed.`);
  return signIn(site, user.email, MATRIX_PASSWORD);
}

/**
 * The matrix sends wrong passwords for its actors' accounts on purpose (log-in, change-password,
 * two-factor set-up), more than the per-account limit allows in 15 minutes; that limit is
 * sign-in-limits.test.ts's subject, so the counts are cleared between batches here.
 */
async function clearPasswordCounts(): Promise<void> {
  await site.withDatabase((db) => db.execute(sql`delete from account_limits where key like 'sign-in:%'`));
}

// ─── The matrix ─────────────────────────────────────────────────────────────────────────────────

describe("the authorization matrix on the built server", () => {
  it("answers every refused request as the matrix says, and none of them changes anything", async () => {
    const refused = cells().filter((c) => !c.outcome.changes);
    const problems: string[] = [];
    for (let i = 0; i < refused.length; i += 6) {
      problems.push(...(await inBatches(refused.slice(i, i + 6), 6, (cell) => check(cell, jars.get(cell.actor) ?? null))).flat());
      await clearPasswordCounts();
    }
    const after = await site.withDatabase((db) => snapshotDatabase(db));
    const changed = diffSnapshots(baseline, after);
    expect({ cells: refused.length, problems, changed }).toEqual({ cells: refused.length, problems: [], changed: [] });
  }, INTEGRATION_BUILD_MS);

  it("answers every allowed request as the matrix says", async () => {
    const allowed = cells().filter((c) => c.outcome.changes);
    const problems: string[] = [];
    await clearPasswordCounts();
    // One at a time: each may change what the next one sees (as a member's clicks would).
    for (const cell of allowed.filter((c) => !c.action.destructive)) problems.push(...(await check(cell, jars.get(cell.actor) ?? null)));
    for (const cell of allowed.filter((c) => c.action.destructive)) problems.push(...(await check(cell, await spareJar(cell.actor))));
    expect(problems).toEqual([]);
  }, INTEGRATION_BUILD_MS);
});
