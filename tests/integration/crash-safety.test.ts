import fs from "node:fs";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emailSubscribers, purchases, users } from "~/server/db/schema";
import { CookieJar } from "../support/auth";
import { signIn, Site } from "../support/fuzz-site";
import { INTEGRATION_BUILD_MS } from "../support/budgets";

// Concurrent writes through the real endpoints of the built server (sign-ups, email-list sign-ups,
// purchases through the built-in test checkout), a SIGKILL in the middle of the stream, a restart
// on the same data, and every write the server had acknowledged must be there. On the embedded
// PostgreSQL default the database process is killed too: alone (the site starts it again), and
// together with the site (a stale postmaster.pid). On PostgreSQL when DATABASE_URL is set.
// Decision records: docs/decisions/160-crash-safety.md, docs/decisions/200.

const PASSWORD = "Stronger2025";
const WORKERS = 6;
/** Each round is killed after this many acknowledged writes (or this long), mid-stream. */
const ACKS_BEFORE_KILL = 30;
const MAX_ROUND_MS = 20_000;

interface Acknowledged {
  signUps: string[];
  listSignUps: string[];
  purchases: string[];
}

let site: Site;
const acknowledged: Acknowledged = { signUps: [], listSignUps: [], purchases: [] };
let counter = 0;
const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;

beforeAll(async () => {
  site = await Site.start({ name: "crash", env: { LOG_LEVEL: "warn" } });
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.close();
});

/** An account through the auth form without JavaScript: acknowledged by the redirect with her session. */
async function signUp(): Promise<{ email: string; jar: CookieJar } | null> {
  const email = unique("crash-member");
  const response = await site.send("/auth", {
    form: { mode: "sign-up", firstName: "Carys", lastName: "Durable", email, password: PASSWORD, terms: "on", redirectTo: "/" },
  });
  const jar = new CookieJar().store(response.headers);
  if (response.status !== 302 || !jar.has("better-auth.session_token")) return null;
  acknowledged.signUps.push(email);
  return { email, jar };
}

/** An email-list sign-up: acknowledged by { ok: true }. */
async function listSignUp(): Promise<void> {
  const email = unique("crash-list");
  const response = await site.send("/api/email-list", { form: { _js: "1", form: "newsletter", email_address: email, first_name: "Lowri" } });
  const body = (await response.json().catch(() => null)) as { ok?: boolean } | null;
  if (response.status === 200 && body?.ok === true) acknowledged.listSignUps.push(email);
}

/** A purchase: sign up, start the test checkout, pay; acknowledged by the redirect to the success page. */
async function purchase(): Promise<void> {
  const member = await signUp();
  if (!member) return;
  const checkout = await site.send("/learn-to-lift-checkout", { jar: member.jar, form: {} });
  const sessionId = /\/test-checkout\/([A-Za-z0-9_]+)$/.exec(checkout.headers.get("location") ?? "")?.[1];
  if (checkout.status !== 302 || !sessionId) return;
  const pay = await site.send(`/test-checkout/${sessionId}`, { jar: member.jar, form: { intent: "pay" } });
  if (pay.status === 302 && /\/payment-success\?session_id=/.test(pay.headers.get("location") ?? "")) acknowledged.purchases.push(sessionId);
}

const total = () => acknowledged.signUps.length + acknowledged.listSignUps.length + acknowledged.purchases.length;

/** The embedded database's postmaster pid (postmaster.pid's first line). */
function postmasterPid(): number {
  return Number.parseInt(fs.readFileSync(path.join(site.dataDir, "postgres", "postmaster.pid"), "utf8").split("\n")[0]!, 10);
}

type Victim = "site" | "database" | "both";

/** Writes from WORKERS clients at once until the victim is killed in the middle of them. */
async function writeThenKill(victim: Victim): Promise<{ victim: Victim; acknowledgedBeforeKill: number; unanswered: number }> {
  const start = total();
  let killed = false;
  let unanswered = 0;
  const worker = async (index: number) => {
    const kinds = [signUp, listSignUp, purchase];
    for (let n = index; !killed; n++) {
      try {
        await kinds[n % kinds.length]!();
      } catch {
        // The server died under this request: it was never acknowledged.
        unanswered += 1;
        if (killed) return;
      }
    }
  };
  const killer = (async () => {
    const deadline = Date.now() + MAX_ROUND_MS;
    while (total() - start < ACKS_BEFORE_KILL && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    if (victim === "database") {
      process.kill(postmasterPid(), "SIGKILL");
      killed = true;
      return;
    }
    const database = victim === "both" ? postmasterPid() : null;
    killed = true;
    const finished = await site.stopServer("SIGKILL");
    expect(finished?.signal).toBe("SIGKILL");
    if (database !== null) process.kill(database, "SIGKILL");
  })();
  await Promise.all([killer, ...Array.from({ length: WORKERS }, (_, i) => worker(i))]);
  return { victim, acknowledgedBeforeKill: total() - start, unanswered };
}

describe("crash safety", () => {
  it("keeps every acknowledged sign-up, email-list sign-up and purchase through SIGKILL and restart", async () => {
    const victims: Victim[] = site.driver === "postgres" ? ["site", "site"] : ["site", "database", "both"];
    const rounds = [];
    for (const victim of victims) {
      const round = await writeThenKill(victim);
      const started = Date.now();
      if (victim === "database") {
        // The site notices and starts its database again; until then it answers 503.
        let status = 0;
        while (status !== 200 && Date.now() - started < 60_000) {
          status = (await site.send("/healthz").catch(() => null))?.status ?? 0;
          if (status !== 200) await new Promise((r) => setTimeout(r, 100));
        }
        expect(status).toBe(200);
      } else {
        // Restarting takes the dead server's data-directory lock over and adopts the database
        // still running, or (both killed) starts it again past its stale postmaster.pid.
        await site.boot();
        const health = await site.send("/healthz");
        expect(health.status).toBe(200);
      }
      rounds.push({ ...round, restartMs: Date.now() - started });
    }
    expect(acknowledged.signUps.length).toBeGreaterThan(0);
    expect(acknowledged.listSignUps.length).toBeGreaterThan(0);
    expect(acknowledged.purchases.length).toBeGreaterThan(0);

    // A member who signed up just before a crash can sign in after it.
    await signIn(site, acknowledged.signUps.at(-1)!, PASSWORD);

    const found = await site.withDatabase(async (db) => {
      const emails = (await db.select({ email: users.email }).from(users).where(inArray(users.email, acknowledged.signUps))).map((r) => r.email);
      const list = (await db.select({ email: emailSubscribers.email }).from(emailSubscribers).where(inArray(emailSubscribers.email, acknowledged.listSignUps))).map((r) => r.email);
      const bought = (await db.select({ id: purchases.stripeSessionId }).from(purchases).where(inArray(purchases.stripeSessionId, acknowledged.purchases))).map((r) => r.id);
      return { emails, list, bought };
    });
    const missing = {
      signUps: acknowledged.signUps.filter((e) => !found.emails.includes(e)),
      listSignUps: acknowledged.listSignUps.filter((e) => !found.list.includes(e)),
      purchases: acknowledged.purchases.filter((id) => !found.bought.includes(id)),
    };
    console.info(
      `Crash safety on ${site.driver}: ${total()} acknowledged writes (${acknowledged.signUps.length} sign-ups, ${acknowledged.listSignUps.length} email-list sign-ups, ${acknowledged.purchases.length} purchases) over ${rounds.length} SIGKILLs; ${JSON.stringify(rounds)}`,
    );
    expect(missing).toEqual({ signUps: [], listSignUps: [], purchases: [] });
  }, INTEGRATION_BUILD_MS);

  it("flushes every commit to disk before acknowledging it (fsync and synchronous_commit on)", async () => {
    if (site.driver === "postgres") return; // an external server's settings are its operator's
    const settings = await site.withDatabase(async (db) => ({
      fsync: (await db.execute<{ fsync: string }>(sql`show fsync`)).rows[0]?.fsync,
      synchronousCommit: (await db.execute<{ synchronous_commit: string }>(sql`show synchronous_commit`)).rows[0]?.synchronous_commit,
      fullPageWrites: (await db.execute<{ full_page_writes: string }>(sql`show full_page_writes`)).rows[0]?.full_page_writes,
    }));
    expect(settings).toEqual({ fsync: "on", synchronousCommit: "on", fullPageWrites: "on" });
  });
});
