// Throughput benchmark (not a test; decision 145): `npm run bench`.
//  1. A public page (the home page, from the page cache) against nginx serving the same bytes (the
//     app's own gzip of that page, saved to a temporary folder) as a static file. Goal ≥ 0.5×.
//     Beside it, for reference, a bare Node http server sending the same bytes and headers: the
//     most one Node process serves on the machine.
//  2. The signed-in /settings page against the cheapest server-rendered page of the same app for
//     the same member: the 404 page (the root loader's session lookup, the navigation with her
//     avatar and the footer, a short message; nothing of its own to load). Goal ≥ 0.7×.
//  3. The members' area for the same member, who has bought Learn to Lift through the test
//     checkout: My courses (/learn) and a lesson page against the same 404 page, for reference.
// Starts the built server (building it if needed, into BUILD_DIR) on a fresh data directory, or
// measures BENCH_URL. Options: BENCH_DURATION (seconds per run, default 10), BENCH_CONNECTIONS
// (default 50), BENCH_ROUNDS (alternating runs per pair, best kept; default 2).
// Needs nginx for the first comparison: `apt-get install -y nginx` (it is run as a child process
// with its own temporary configuration; nothing of the system's nginx is touched).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import autocannon from "autocannon";
import { freePort } from "./lib/built-site.js";
import { findNginx, startBareNode, startNginx } from "./lib/reference-servers.js";
import { loadAverage } from "./process-memory.js";

export { freePort };

const ROOT = path.resolve(import.meta.dirname, "..");

export const LOOPBACK_PROXIES = "127.0.0.1,::1,::ffff:127.0.0.1";
export const BENCH_PASSWORD = "Stronger2025";

export function envNumber(name, fallback) {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

/**
 * The site to measure: BENCH_URL, or the built server started here on a fresh data directory,
 * trusting X-Forwarded-For from loopback (so each simulated visitor has its own address, as
 * behind a real load balancer). Returns { origin, stop }.
 */
export async function startSite() {
  if (process.env.BENCH_URL) return { origin: process.env.BENCH_URL.replace(/\/+$/, ""), pid: null, stop: async () => {} };
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  console.log("Starting the built server (it builds first when needed)…");
  const child = spawn(process.execPath, ["server.js"], {
    cwd: ROOT,
    env: {
      // As `npm start` runs it (package.json; docs/decisions/203).
      MALLOC_ARENA_MAX: "2",
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      DATA_DIR: dataDir,
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? "",
      TRUSTED_PROXIES: LOOPBACK_PROXIES,
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  await new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(() => reject(new Error("The server did not start within 5 minutes.")), 300_000);
    child.stdout.on("data", (chunk) => {
      output += chunk;
      if (output.includes("Server listening on")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before listening.\n${output}`));
    });
  });
  child.stdout.resume();
  return {
    origin,
    /** The server's pid (the primary with WEB_CONCURRENCY), for memory readings. */
    pid: child.pid,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A private address per simulated visitor, e.g. 10.0.3.17. */
export function visitorIp(n) {
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${(n & 255) || 1}`;
}

/**
 * The session cookie of a Set-Cookie list, as a Cookie header. The one-time toast cookie is left
 * out: a real browser sends it once, a benchmark replaying one header would send it every time.
 */
export function cookieHeader(response) {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .filter((pair) => /^(__Secure-)?better-auth\./.test(pair) && !pair.endsWith("="))
    .join("; ");
}

function form(fields) {
  return new URLSearchParams(fields).toString();
}

/** Creates a member through the site's own sign-up form (no JavaScript); returns her cookie. */
export async function signUp(origin, { email, firstName, lastName, ip }) {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, "x-forwarded-for": ip },
    body: form({ mode: "sign-up", firstName, lastName, email, password: BENCH_PASSWORD, terms: "on", redirectTo: "/" }),
  });
  const cookie = cookieHeader(response);
  if (response.status !== 302 || !cookie) throw new Error(`Sign-up of ${email} failed: ${response.status} ${await response.text()}`);
  return cookie;
}

/** The sign-in request exactly as the site's log-in form sends it without JavaScript. */
export function signInRequest(origin, email, ip) {
  const body = form({ mode: "log-in", email, password: BENCH_PASSWORD, redirectTo: "/" });
  return {
    method: "POST",
    path: "/auth",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": String(Buffer.byteLength(body)),
      origin,
      "x-forwarded-for": ip,
    },
    body,
  };
}

/**
 * Buys Learn to Lift for a signed-in member through the test checkout (no card, no key), as the
 * pages' plain forms do, and returns the address of the course's first lesson.
 */
export async function buyLearnToLift(origin, cookie) {
  const post = (url, fields) =>
    fetch(`${origin}${url}`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie },
      body: form(fields),
    });
  const started = await post("/learn-to-lift-checkout", { purchase: "learn-to-lift" });
  const where = (response) => {
    const location = response.headers.get("location");
    return location ? new URL(location, origin).pathname + new URL(location, origin).search : "";
  };
  const payPage = where(started);
  if (started.status !== 302 || !payPage.startsWith("/test-checkout/")) throw new Error(`The checkout did not start: ${started.status}`);
  const paid = await post(payPage, { intent: "pay" });
  const success = where(paid);
  if (paid.status !== 302 || !success.startsWith("/payment-success")) throw new Error(`The test payment failed: ${paid.status}`);
  await fetch(`${origin}${success}`, { headers: { cookie } });
  const course = await (await fetch(`${origin}/learn/learn-to-lift`, { headers: { cookie } })).text();
  const lesson = /href="(\/learn\/learn-to-lift\/[^"/]+\/[^"]+)"/.exec(course)?.[1];
  if (!lesson) throw new Error("The course page links to no lesson.");
  return lesson;
}

/** A GET whose body is returned as received (fetch would decode it). */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks) }));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

export function runAutocannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: 50, duration: 10, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export function formatMs(value) {
  return `${Number(value).toFixed(1)} ms`;
}

// ─── wrk ─────────────────────────────────────────────────────────────────────────────────────────
// autocannon runs in Node and saturates a core before a fast server does (it measured the site at
// 0.98× of nginx, where wrk measures 0.4–0.5×). wrk is used when installed (apt-get install -y wrk),
// and autocannon with worker threads otherwise; both figures are printed.

function findWrk() {
  const which = spawnSync("sh", ["-c", "command -v wrk"], { encoding: "utf8" });
  return which.status === 0 ? which.stdout.trim() : null;
}

function wrkMs(text, label) {
  const match = new RegExp(`${label}\\s+([\\d.]+)(us|ms|s)\\b`).exec(text);
  if (!match) return NaN;
  const value = Number(match[1]);
  return match[2] === "us" ? value / 1000 : match[2] === "s" ? value * 1000 : value;
}

/** One wrk run; the same shape as autocannon's result for what the comparison reads. */
function runWrk(binary, { url, headers = {}, duration, connections }) {
  const args = ["-t", "2", "-c", String(connections), "-d", `${duration}s`, "--latency"];
  for (const [name, value] of Object.entries(headers)) args.push("-H", `${name}: ${value}`);
  args.push(url);
  const run = spawnSync(binary, args, { encoding: "utf8" });
  if (run.status !== 0) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const text = run.stdout;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1] ?? 0);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(text);
  return {
    requests: { average: rps },
    latency: { p50: wrkMs(text, "50%"), p99: wrkMs(text, "99%") },
    non2xx,
    errors: socketErrors ? Number(socketErrors[1]) + Number(socketErrors[2]) + Number(socketErrors[3]) : 0,
    timeouts: socketErrors ? Number(socketErrors[4]) : 0,
  };
}

// ─── The comparisons ────────────────────────────────────────────────────────────────────────────

/**
 * Runs a and b alternately `rounds` times with autocannon (worker threads: BENCH_AUTOCANNON_WORKERS,
 * default 2) and, when installed, with wrk; keeps each one's best requests/second per tool. The
 * ratio judged is wrk's when present (autocannon's otherwise).
 */
async function compare(label, a, b, { rounds, duration, connections }) {
  const wrk = findWrk();
  const workers = envNumber("BENCH_AUTOCANNON_WORKERS", 2);
  const best = { autocannon: { a: null, b: null }, wrk: { a: null, b: null } };
  for (let round = 0; round < rounds; round++) {
    for (const [key, run] of [["a", a], ["b", b]]) {
      // A short warm-up, not counted.
      await runAutocannon({ ...run, duration: 1, connections });
      const result = await runAutocannon({ ...run, duration, connections, workers });
      if (result.errors > 0 || result.timeouts > 0) console.warn(`  ${run.title}: ${result.errors} errors, ${result.timeouts} timeouts`);
      const unexpected = Object.keys(result.statusCodeStats ?? {}).filter((code) => Number(code) !== (run.expectStatus ?? 200));
      if (unexpected.length > 0) console.warn(`  ${run.title}: unexpected statuses ${unexpected.join(", ")}`);
      console.log(`  ${run.title} (autocannon, ${workers} workers): ${Math.round(result.requests.average)} req/s, p50 ${formatMs(result.latency.p50)}, p99 ${formatMs(result.latency.p99)}`);
      if (!best.autocannon[key] || result.requests.average > best.autocannon[key].requests.average) best.autocannon[key] = result;
      if (wrk) {
        const w = runWrk(wrk, { url: run.url, headers: run.headers, duration, connections });
        if (w.errors > 0 || w.timeouts > 0) console.warn(`  ${run.title}: ${w.errors} socket errors, ${w.timeouts} timeouts (wrk)`);
        // wrk counts a 404 as non-2xx: expected for the bare page.
        if (w.non2xx > 0 && (run.expectStatus ?? 200) === 200) console.warn(`  ${run.title}: ${w.non2xx} answers other than 2xx/3xx (wrk)`);
        console.log(`  ${run.title} (wrk): ${Math.round(w.requests.average)} req/s, p50 ${formatMs(w.latency.p50)}, p99 ${formatMs(w.latency.p99)}`);
        if (!best.wrk[key] || w.requests.average > best.wrk[key].requests.average) best.wrk[key] = w;
      }
    }
  }
  const judged = wrk ? best.wrk : best.autocannon;
  const ratio = judged.a.requests.average / judged.b.requests.average;
  const autocannonRatio = best.autocannon.a.requests.average / best.autocannon.b.requests.average;
  return { label, a: judged.a, b: judged.b, ratio, tool: wrk ? "wrk" : "autocannon", autocannonRatio, autocannon: best.autocannon };
}

async function main() {
  const duration = envNumber("BENCH_DURATION", 10);
  const connections = envNumber("BENCH_CONNECTIONS", 50);
  const rounds = envNumber("BENCH_ROUNDS", 2);
  const site = await startSite();
  const results = [];
  let nginx;
  let bareNode;
  try {
    const { origin } = site;
    const suffix = crypto.randomBytes(3).toString("hex");
    const email = `bench.settings.${suffix}@example.com`;
    const cookie = await signUp(origin, { email, firstName: "Morag", lastName: "Bench", ip: visitorIp(1) });
    // A member with some history: her settings page lists five logins.
    for (let i = 0; i < 4; i++) {
      const { path: signInPath, ...init } = signInRequest(origin, email, visitorIp(2 + i));
      const response = await fetch(origin + signInPath, { ...init, redirect: "manual" });
      if (response.status !== 302) throw new Error(`Sign-in failed: ${response.status}`);
    }
    // The page exactly as the app sends it gzipped (the first anonymous request fills the cache).
    const { headers, body: gz } = await rawGet(`${origin}/`, { "accept-encoding": "gzip" });
    if (headers["content-encoding"] !== "gzip") throw new Error("The app did not send the home page gzipped.");
    const html = zlib.gunzipSync(gz);

    const binary = findNginx();
    if (!binary) {
      console.log("\nnginx is not installed, so the public-page comparison is skipped. Install it with:");
      console.log("  apt-get install -y nginx\n(the benchmark runs it as a child process with its own configuration).");
    } else {
      nginx = await startNginx(binary, { "index.html": html, "index.html.gz": gz });
      console.log(`\nPublic page (/ from the page cache, gzip) against nginx serving the same page (${connections} connections, ${duration} s runs):`);
      results.push(
        await compare(
          "public page ÷ nginx",
          { title: "app  /", url: `${origin}/`, headers: { "accept-encoding": "gzip" } },
          { title: "nginx /", url: `${nginx.origin}/`, headers: { "accept-encoding": "gzip" } },
          { rounds, duration, connections },
        ),
      );
      results.at(-1).goal = 0.5;
    }

    bareNode = await startBareNode(gz, headers);
    console.log(`\nPublic page (/ from the page cache, gzip) against a bare Node http server sending the same bytes (${connections} connections, ${duration} s runs):`);
    results.push(
      await compare(
        "public page ÷ bare Node",
        { title: "app  /", url: `${origin}/`, headers: { "accept-encoding": "gzip" } },
        { title: "node /", url: `${bareNode.origin}/`, headers: { "accept-encoding": "gzip" } },
        { rounds, duration, connections },
      ),
    );
    results.at(-1).goal = null;

    console.log(`\nSigned-in /settings against the same member's 404 page (${connections} connections, ${duration} s runs):`);
    results.push(
      await compare(
        "settings ÷ bare page",
        { title: "app  /settings", url: `${origin}/settings`, headers: { cookie, "accept-encoding": "gzip" } },
        {
          title: "app  404 page",
          url: `${origin}/bench-no-such-page`,
          headers: { cookie, "accept-encoding": "gzip" },
          expectStatus: 404,
        },
        { rounds, duration, connections },
      ),
    );
    results.at(-1).goal = 0.7;

    const lesson = await buyLearnToLift(origin, cookie);
    const notFound = { title: "app  404 page", url: `${origin}/bench-no-such-page`, headers: { cookie, "accept-encoding": "gzip" }, expectStatus: 404 };
    console.log(`\nThe members' area (My courses, then a lesson of Learn to Lift) against the same 404 page (${connections} connections, ${duration} s runs):`);
    results.push(
      await compare(
        "My courses ÷ bare page",
        { title: "app  /learn", url: `${origin}/learn`, headers: { cookie, "accept-encoding": "gzip" } },
        notFound,
        { rounds, duration, connections },
      ),
    );
    results.at(-1).goal = null;
    results.push(
      await compare(
        "lesson ÷ bare page",
        { title: `app  ${lesson}`, url: `${origin}${lesson}`, headers: { cookie, "accept-encoding": "gzip" } },
        notFound,
        { rounds, duration, connections },
      ),
    );
    results.at(-1).goal = null;
  } finally {
    await nginx?.stop();
    await bareNode?.stop();
    await site.stop();
  }

  console.log(`\nResults (best run of each; WEB_CONCURRENCY=${process.env.WEB_CONCURRENCY || 1}; load average ${loadAverage()}):`);
  for (const result of results) {
    const verdict = result.goal === null ? "for reference" : `goal ≥ ${result.goal}×: ${result.ratio >= result.goal ? "met" : "NOT met"}`;
    console.log(
      `  ${result.label} (${result.tool}): ${Math.round(result.a.requests.average)} ÷ ${Math.round(result.b.requests.average)} req/s = ${result.ratio.toFixed(2)}× (${verdict})`,
    );
    if (result.tool === "wrk") {
      console.log(
        `    autocannon: ${Math.round(result.autocannon.a.requests.average)} ÷ ${Math.round(result.autocannon.b.requests.average)} req/s = ${result.autocannonRatio.toFixed(2)}×`,
      );
    }
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
