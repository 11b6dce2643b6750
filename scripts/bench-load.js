// Load benchmark (not a test; decision 146): `npm run bench:load`.
// Starts the built server (or measures BENCH_URL), creates members through the site's sign-up
// form, then runs 200 concurrent simulated clients for 60 s and prints errors and p50/p99 latency
// per kind of request and overall. Goal: 0 errors, p99 ≤ 250 ms.
//
// The mix (decision 146): four clients in five are visitors reading public pages (the pages of
// /sitemap.xml, at random, as a browser asks for them: no cookie, "br, gzip"). One in five is a
// member: she signs in through the same endpoint and fields as the site's log-in form (POST /auth),
// then alternates between her /settings page and public pages (which she gets rendered fresh: she
// carries her session cookie), and signs in again every 30 s. Every client presents its own
// X-Forwarded-For and the server trusts it from loopback (TRUSTED_PROXIES), so the sign-in limit
// of 5 a minute per address applies per simulated visitor, as in production; 2 sign-ins a minute
// stay inside it. Each client pauses between its requests, 0.5 to 1.5 s at random (a person
// reading; BENCH_THINK_MS sets the mean, 0 for back-to-back requests).
//
// Options: BENCH_CLIENTS (200), BENCH_DURATION (60 s), BENCH_MEMBERS (members created, 40),
// BENCH_MEMBER_SHARE (0.2), BENCH_SIGNIN_EVERY (30 s), BENCH_THINK_MS (1000), BENCH_TIMEOUT_MS (10000).
//
// `npm run bench:load -- --knee` finds the knee instead: the most concurrent clients (the same mix)
// the site serves with 0 errors and p99 ≤ 250 ms. It runs levels of BENCH_DURATION (45 s by
// default in this mode: longer than a sign-in period, so sign-ins come at their steady rate) on one server, doubling from BENCH_CLIENTS (100 by default here) until a
// level fails, then halves the gap three times; it prints each level and the load generator's own
// CPU, which must stay well under a core for the figure to be the site's.
import crypto from "node:crypto";
import http from "node:http";
import { pathToFileURL } from "node:url";
import { envNumber, formatMs, signInRequest, signUp, startSite, visitorIp } from "./bench.js";
import { formatMemory, loadAverage, sampleMemory } from "./process-memory.js";

const clients = envNumber("BENCH_CLIENTS", 200);
const durationS = envNumber("BENCH_DURATION", 60);
const memberCount = envNumber("BENCH_MEMBERS", 40);
const memberShare = Math.min(1, envNumber("BENCH_MEMBER_SHARE", 0.2));
const signInEveryMs = envNumber("BENCH_SIGNIN_EVERY", 30) * 1000;
const thinkMs = process.env.BENCH_THINK_MS === undefined ? 1000 : Number(process.env.BENCH_THINK_MS) || 0;
const timeoutMs = envNumber("BENCH_TIMEOUT_MS", 10_000);

const KINDS = ["public page", "public page, signed in", "settings", "sign-in"];

class Stats {
  constructor() {
    this.latencies = [];
    this.errors = 0;
    this.errorSamples = new Map();
  }
  ok(ms) {
    this.latencies.push(ms);
  }
  fail(ms, reason) {
    this.latencies.push(ms);
    this.errors++;
    this.errorSamples.set(reason, (this.errorSamples.get(reason) ?? 0) + 1);
  }
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** One request on the client's own keep-alive connection; resolves once the body has arrived. */
function send(agent, url, { method = "GET", path, headers = {}, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const request = http.request(url + path, { agent, method, headers, timeout: timeoutMs }, (response) => {
      response.on("data", () => {});
      response.on("end", () => resolve({ ms: performance.now() - started, status: response.statusCode, headers: response.headers }));
      response.on("error", (error) => resolve({ ms: performance.now() - started, error: error.code ?? error.message }));
    });
    request.on("timeout", () => request.destroy(new Error("timeout")));
    request.on("error", (error) => resolve({ ms: performance.now() - started, error: error.code ?? error.message }));
    if (body) request.end(body);
    else request.end();
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function publicPaths(origin) {
  const response = await fetch(`${origin}/sitemap.xml`);
  const xml = await response.text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  if (paths.length === 0) throw new Error("The sitemap lists no pages.");
  return paths;
}

const knee = process.argv.includes("--knee");

/** The members the clients sign in as, created through the sign-up form. */
async function createMembers(origin) {
  const suffix = crypto.randomBytes(3).toString("hex");
  console.log(`Creating ${memberCount} members through the sign-up form…`);
  const members = [];
  for (let i = 0; i < memberCount; i += 4) {
    const batch = [];
    for (let j = i; j < Math.min(memberCount, i + 4); j++) {
      const email = `load.member.${j}.${suffix}@example.com`;
      // A name is letters only (app/validation/names.ts): the member's number spelt in letters.
      const letters = j.toString(26).replace(/./g, (d) => String.fromCharCode(97 + Number.parseInt(d, 26)));
      batch.push(signUp(origin, { email, firstName: "Load", lastName: `Member ${letters}`, ip: visitorIp(50_000 + j) }).then(() => email));
    }
    members.push(...(await Promise.all(batch)));
  }
  return members;
}

/** Runs `clients` clients of the mix for `seconds`; returns the stats per kind and the time measured. */
async function runLevel({ origin, paths, members }, clients, seconds, round = 0) {
  const stats = Object.fromEntries(KINDS.map((kind) => [kind, new Stats()]));
  const memberClients = Math.round(clients * memberShare);
  console.log(
    `Running ${clients} clients for ${seconds} s: ${clients - memberClients} visitors on public pages, ${memberClients} members ` +
      `(sign-in every ${signInEveryMs / 1000} s, /settings and public pages in between)${thinkMs ? `, ${thinkMs / 2}–${(thinkMs * 3) / 2} ms between a client's requests` : ", no pause between requests"}.`,
  );
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const stopAt = started + seconds * 1000;
  const running = [];
  for (let n = 0; n < clients; n++) {
    // Each level's clients are new visitors (their own addresses), so one level's sign-ins never
    // count against the next one's per-address limit.
    const ip = visitorIp(round === 0 ? 1000 + n : 100_000 + round * 20_000 + n);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const browserHeaders = { "accept-encoding": "br, gzip", "x-forwarded-for": ip, "user-agent": "bench-load" };
    const isMember = n < memberClients;
    const email = members[n % members.length];
    const pick = () => paths[Math.floor(Math.random() * paths.length)];

    running.push(
      (async () => {
        let cookie = null;
        let signedInAt = -Infinity;
        // Members arrive spread over one sign-in period, so sign-ins run at a steady rate.
        if (isMember) await sleep(Math.random() * signInEveryMs);
        while (performance.now() < stopAt) {
          if (isMember && performance.now() - signedInAt >= signInEveryMs) {
            const result = await send(agent, origin, signInRequest(origin, email, ip));
            const session = [result.headers?.["set-cookie"] ?? []]
              .flat()
              .map((c) => c.split(";")[0])
              .find((pair) => /^(__Secure-)?better-auth\.session_token=./.test(pair));
            if (result.error) stats["sign-in"].fail(result.ms, result.error);
            else if (result.status !== 302 || !session) stats["sign-in"].fail(result.ms, `status ${result.status}`);
            else {
              stats["sign-in"].ok(result.ms);
              cookie = session;
            }
            signedInAt = performance.now();
          } else if (isMember && cookie && Math.random() < 0.5) {
            const result = await send(agent, origin, { path: "/settings", headers: { ...browserHeaders, cookie } });
            if (result.error) stats.settings.fail(result.ms, result.error);
            else if (result.status !== 200) stats.settings.fail(result.ms, `status ${result.status}`);
            else stats.settings.ok(result.ms);
          } else {
            const kind = isMember && cookie ? "public page, signed in" : "public page";
            const headers = cookie ? { ...browserHeaders, cookie } : browserHeaders;
            const result = await send(agent, origin, { path: pick(), headers });
            if (result.error) stats[kind].fail(result.ms, result.error);
            else if (result.status !== 200) stats[kind].fail(result.ms, `status ${result.status}`);
            else if (cookie && result.headers["x-cache"]) stats[kind].fail(result.ms, "a signed-in member got a cached page");
            else stats[kind].ok(result.ms);
          }
          if (thinkMs) await sleep(thinkMs * (0.5 + Math.random()));
        }
        agent.destroy();
      })(),
    );
  }
  await Promise.all(running);
  const measuredMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  return { stats, measuredMs, generatorCpu: (cpu.user + cpu.system) / 1000 / measuredMs };
}

/** Prints a level's table; returns its overall errors and p99. */
function report({ stats, measuredMs, generatorCpu }) {
  const rows = [];
  const all = [];
  let errors = 0;
  for (const kind of KINDS) {
    const s = stats[kind];
    const sorted = Float64Array.from(s.latencies).sort();
    all.push(...s.latencies);
    errors += s.errors;
    rows.push({ kind, count: sorted.length, errors: s.errors, sorted, samples: s.errorSamples });
  }
  const overall = Float64Array.from(all).sort();
  rows.push({ kind: "overall", count: overall.length, errors, sorted: overall, samples: new Map() });

  const seconds = measuredMs / 1000;
  console.log(`\n${"kind".padEnd(24)}${"requests".padStart(10)}${"req/s".padStart(9)}${"errors".padStart(8)}${"p50".padStart(11)}${"p99".padStart(11)}${"max".padStart(11)}`);
  for (const row of rows) {
    console.log(
      `${row.kind.padEnd(24)}${String(row.count).padStart(10)}${String(Math.round(row.count / seconds)).padStart(9)}${String(row.errors).padStart(8)}` +
        `${formatMs(percentile(row.sorted, 50)).padStart(11)}${formatMs(percentile(row.sorted, 99)).padStart(11)}${formatMs(row.sorted.at(-1) ?? 0).padStart(11)}`,
    );
    for (const [reason, count] of row.samples) console.log(`    ${count} × ${reason}`);
  }
  const p99 = percentile(overall, 99);
  console.log(`The load generator used ${Math.round(generatorCpu * 100)} % of one core.`);
  return { errors, p99, met: errors === 0 && p99 <= 250, requestsPerSecond: overall.length / seconds };
}

async function main() {
  const site = await startSite();
  const loadBefore = loadAverage();
  // The peak memory of every process of the site (Node, its workers, the embedded database).
  const memory = site.pid ? sampleMemory(site.pid) : null;
  let peak = null;
  try {
    const { origin } = site;
    const paths = await publicPaths(origin);
    const members = await createMembers(origin);
    // Warm the page cache as the first visitors would.
    for (const path of paths) await fetch(origin + path).then((r) => r.arrayBuffer());
    const setup = { origin, paths, members };

    if (!knee) {
      const result = report(await runLevel(setup, clients, durationS));
      console.log(`\nGoal: 0 errors and p99 ≤ 250 ms overall: ${result.met ? "met" : "NOT met"} (${result.errors} errors, p99 ${formatMs(result.p99)}).`);
    } else {
      // The knee: double until a level fails, then halve the gap three times.
      const seconds = envNumber("BENCH_DURATION", 45);
      const levels = [];
      const tryLevel = async (n) => {
        const result = report(await runLevel(setup, n, seconds, levels.length));
        levels.push({ clients: n, ...result });
        console.log(`→ ${n} clients: ${result.met ? "served" : "NOT served"} (${result.errors} errors, p99 ${formatMs(result.p99)}, ${Math.round(result.requestsPerSecond)} req/s)\n`);
        return result.met;
      };
      let good = 0;
      let bad = 0;
      for (let n = envNumber("BENCH_CLIENTS", 100); n <= 12_800; n *= 2) {
        if (await tryLevel(n)) good = n;
        else {
          bad = n;
          break;
        }
      }
      for (let step = 0; step < 3 && bad > 0 && bad - good > 1; step++) {
        const middle = Math.round((good + bad) / 2);
        if (await tryLevel(middle)) good = middle;
        else bad = middle;
      }
      console.log(`Levels (${seconds} s each, WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY || 1}):`);
      for (const level of levels.sort((a, b) => a.clients - b.clients)) {
        console.log(`  ${String(level.clients).padStart(6)} clients: ${level.met ? "served    " : "NOT served"} p99 ${formatMs(level.p99).padStart(10)}, ${level.errors} errors, ${Math.round(level.requestsPerSecond)} req/s`);
      }
      console.log(`\nThe knee: ${good > 0 ? `${good} concurrent clients` : "below the first level"} with 0 errors and p99 ≤ 250 ms${bad ? ` (${bad} were not)` : ""}.`);
    }
  } finally {
    peak = memory?.stop() ?? null;
    await site.stop();
  }
  if (peak) {
    console.log(`Peak memory of the site (Node and its database): ${formatMemory(peak)}; goal ≤ 400 MB (PSS: docs/performance.md, Memory): ${peak.pssMB <= 400 ? "met" : "NOT met"}.`);
  }
  console.log(`Load average (1, 5, 15 min) before the run: ${loadBefore}; after: ${loadAverage()}.`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
