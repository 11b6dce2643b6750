import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import nodemailer from "nodemailer";
import Stripe from "stripe";
import { deploymentProblems, isPublicProduction, type DeploymentProblem } from "~/config/deployment.server";
import type { ServerEnv } from "~/config/env.server";
import { loadSiteConfig } from "~/config/env.server";
import type { Product } from "~/config/catalogue";
import { AUTH_SECRET_FILE } from "~/server/core/secret.server";
import { createDatabaseFromEnv, defaultMigrationsFolder, type DatabaseHandle } from "~/server/db/client.server";
import { isDataDirLockedError } from "~/server/db/data-dir-lock.server";
import { KIT_DEFAULT_API_URL } from "~/server/lists/kit.server";
import { stripeLineItem } from "~/server/payments/stripe.server";
import { applyOverrides, readOverrideRows } from "~/server/settings/effective-config.server";

// `npm run doctor` (docs/product.md §17.2): every outside service the configuration names is tried
// for real, and the answer is one row per service: what it is set to, whether it works, and what
// to do. Nothing here changes the site's data: the probes it writes (a file, an S3 object, an
// expired Stripe checkout) are removed or harmless.

export type CheckStatus = "ok" | "warning" | "failed";

export interface CheckResult {
  service: string;
  /** How the service is configured, e.g. "Stripe (live)" or "outbox". */
  mode: string;
  status: CheckStatus;
  /** What was found, in a few words. */
  result: string;
  /** What to do about it; empty when nothing. */
  todo: string;
}

/** Where the real services are, when tests point the checks at local stand-ins. */
export interface DoctorOptions {
  stripe?: { host: string; port: number; protocol: "http" | "https" };
  /** Milliseconds each network check may take. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

function messageOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split("\n")[0]!.replace(/\.$/, "").slice(0, 200);
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${Math.round(ms / 1000)} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

function problemsFor(problems: DeploymentProblem[], fields: string[]): string {
  return problems
    .filter((p) => fields.includes(p.field))
    .map((p) => `${p.field} ${p.reason}.`)
    .join(" ");
}

/** Writes, reads back and deletes a probe file in a folder (created if missing). */
function probeFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `.doctor-probe-${crypto.randomBytes(6).toString("hex")}`);
  try {
    fs.writeFileSync(file, "probe");
    if (fs.readFileSync(file, "utf8") !== "probe") throw new Error("the probe file read back differently");
  } finally {
    fs.rmSync(file, { force: true });
  }
}

// ─── Database ───────────────────────────────────────────────────────────────────────────────────

/** The migrations in the project (drizzle/meta/_journal.json), oldest first. */
function journalMigrations(folder: string): { tag: string; when: number }[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta", "_journal.json"), "utf8")) as { entries: { tag: string; when: number }[] };
  return journal.entries;
}

/** The migrations the database has not applied yet (compared as drizzle's migrator does). */
export async function pendingMigrations(handle: DatabaseHandle, folder = defaultMigrationsFolder()): Promise<string[]> {
  const all = journalMigrations(folder);
  let last = 0;
  try {
    const result = await handle.db.execute<{ last: string }>(sql`select coalesce(max(created_at), 0)::text as last from drizzle.__drizzle_migrations`);
    last = Number(result.rows[0]?.last ?? 0);
  } catch {
    // No migrations table: nothing applied yet.
    last = 0;
  }
  return all.filter((m) => m.when > last).map((m) => m.tag);
}

export async function checkDatabase(env: ServerEnv): Promise<{ result: CheckResult; handle: DatabaseHandle | null }> {
  const service = "Database";
  // The embedded database (docs/decisions/200).
  const embeddedExists = fs.existsSync(path.join(env.DATA_DIR_ABS, "postgres/PG_VERSION"));
  if (!env.DATABASE_URL && !embeddedExists) {
    try {
      probeFolder(env.DATA_DIR_ABS);
    } catch (error) {
      return {
        handle: null,
        result: { service, mode: "embedded", status: "failed", result: `DATA_DIR cannot be written: ${messageOf(error)}`, todo: `Set DATA_DIR to a folder this user may write (now ${env.DATA_DIR_ABS}).` },
      };
    }
    return {
      handle: null,
      result: { service, mode: "embedded", status: "ok", result: `not created yet; DATA_DIR (${env.DATA_DIR_ABS}) is writable`, todo: "The server creates it at its first start." },
    };
  }
  const mode = env.DATABASE_URL ? "PostgreSQL" : "embedded";
  let handle: DatabaseHandle;
  try {
    // While the site runs, through the server it runs (the embedded default can be shared).
    handle = await createDatabaseFromEnv(env, { shared: true });
    await withTimeout(handle.ping(), DEFAULT_TIMEOUT_MS, "the database");
  } catch (error) {
    if (isDataDirLockedError(error)) {
      return {
        handle: null,
        result: {
          service,
          mode,
          status: "warning",
          result: `in use by the running server${error.pid ? ` (pid ${error.pid})` : ""}, which migrated it at start-up`,
          todo: "Stop the server to check it from here, or ask the running server: GET /readyz.",
        },
      };
    }
    return {
      handle: null,
      result: { service, mode, status: "failed", result: `cannot be reached: ${messageOf(error)}`, todo: env.DATABASE_URL ? "Check DATABASE_URL and that PostgreSQL is running." : "Check DATA_DIR." },
    };
  }
  try {
    const pending = await pendingMigrations(handle);
    if (pending.length > 0) {
      return {
        handle,
        result: { service, mode, status: "failed", result: `reachable; ${pending.length} migration${pending.length === 1 ? "" : "s"} not applied (${pending.join(", ")})`, todo: "Start the server once: it applies migrations at start-up." },
      };
    }
    return { handle, result: { service, mode, status: "ok", result: "reachable and migrated", todo: "" } };
  } catch (error) {
    return { handle, result: { service, mode, status: "failed", result: `reachable, but the migrations could not be read: ${messageOf(error)}`, todo: "Run the doctor from the project's folder." } };
  }
}

// ─── Payments ───────────────────────────────────────────────────────────────────────────────────

export async function checkPayments(env: ServerEnv, catalogue: Product[], options: DoctorOptions = {}): Promise<CheckResult> {
  const service = "Payments";
  const refusal = problemsFor(deploymentProblems(env), ["STRIPE_SECRET_KEY", "PAYMENTS"]);
  const key = env.STRIPE_SECRET_KEY;
  if (!key) {
    const mode = "test checkout";
    if (refusal) return { service, mode, status: "failed", result: "no card would be charged", todo: refusal };
    return { service, mode, status: "ok", result: env.PAYMENTS === "test" ? "chosen (PAYMENTS=test): nobody is charged" : "built in: nobody is charged", todo: isPublicProduction(env) ? "" : "Set STRIPE_SECRET_KEY to take real payments." };
  }
  const live = /^(sk|rk)_live_/.test(key);
  const mode = `Stripe (${live ? "live" : /^(sk|rk)_test_/.test(key) ? "test" : "unknown key type"})`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stripe = new Stripe(key, { ...options.stripe, maxNetworkRetries: 0, timeout: timeoutMs, telemetry: false, appInfo: { name: "strong-coaching-site doctor" } });
  let account: Stripe.Account;
  try {
    account = await stripe.accounts.retrieveCurrent();
  } catch (error) {
    const refused = error instanceof Stripe.errors.StripeAuthenticationError || (error as { statusCode?: number }).statusCode === 401;
    return {
      service,
      mode,
      status: "failed",
      result: refused ? "Stripe refused the key" : `Stripe could not be reached: ${messageOf(error)}`,
      todo: refused ? "Copy the secret key again from Stripe (Developers > API keys) into STRIPE_SECRET_KEY." : "Check this server's internet connection to api.stripe.com.",
    };
  }
  const found: string[] = [`key accepted (account ${account.id})`];
  const todo: string[] = [];
  let status: CheckStatus = "ok";
  if (refusal) {
    status = "failed";
    todo.push(refusal);
  }
  if (account.charges_enabled === false) {
    status = status === "failed" ? status : "warning";
    found.push("the account cannot take charges yet");
    todo.push("Finish the account's activation in Stripe's dashboard.");
  }
  if (!env.STRIPE_WEBHOOK_SECRET) {
    status = "failed";
    found.push("no webhook secret");
    todo.push("Add a webhook endpoint at SITE_URL/api/payments/webhook in Stripe and set STRIPE_WEBHOOK_SECRET to its signing secret (whsec_…).");
  } else if (!env.STRIPE_WEBHOOK_SECRET.startsWith("whsec_")) {
    status = "failed";
    found.push("the webhook secret is not a signing secret");
    todo.push("STRIPE_WEBHOOK_SECRET must be the endpoint's signing secret, starting whsec_.");
  } else {
    found.push("webhook secret set");
  }
  // Each product as the site will sell it: a checkout session made with the same line item, then
  // expired at once (no one can pay it, and it charges nothing).
  const origin = env.SITE_ORIGIN;
  const refused: string[] = [];
  for (const product of catalogue) {
    const monthly = product.mode === "monthly";
    try {
      const session = await stripe.checkout.sessions.create({
        mode: monthly ? "subscription" : "payment",
        line_items: [stripeLineItem(product)],
        metadata: { doctor: "probe" },
        success_url: `${origin}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${origin}${product.checkoutPath}?cancelled=true`,
      });
      await stripe.checkout.sessions.expire(session.id).catch(() => {});
    } catch (error) {
      refused.push(`${product.name} (${messageOf(error)})`);
    }
  }
  if (refused.length > 0) {
    status = "failed";
    found.push(`Stripe refused ${refused.join("; ")}`);
    todo.push("Correct the price on the dashboard's Offers tab or in PRICE_*_PENCE.");
  } else {
    found.push(`all ${catalogue.length} prices accepted`);
  }
  return { service, mode, status, result: found.join("; "), todo: todo.join(" ") };
}

// ─── Mail ───────────────────────────────────────────────────────────────────────────────────────

/** smtp://user@host:port, without the password. */
function describeSmtp(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.protocol}//${parsed.username ? `${decodeURIComponent(parsed.username)}@` : ""}${parsed.host}`;
  } catch {
    return "SMTP";
  }
}

export async function checkMail(env: ServerEnv, options: DoctorOptions = {}): Promise<CheckResult> {
  const service = "Mail";
  if (!env.SMTP_URL) {
    const mode = "outbox";
    const refusal = problemsFor(deploymentProblems(env), ["SMTP_URL"]);
    if (refusal) return { service, mode, status: "failed", result: "nobody would receive the site's emails", todo: refusal };
    const dir = path.join(env.DATA_DIR_ABS, "outbox");
    try {
      probeFolder(dir);
    } catch (error) {
      return { service, mode, status: "failed", result: `${dir} cannot be written: ${messageOf(error)}`, todo: "Set DATA_DIR to a folder this user may write." };
    }
    return { service, mode, status: "ok", result: `written to ${dir}`, todo: isPublicProduction(env) ? "" : "Set SMTP_URL to send email for real." };
  }
  const mode = `SMTP (${describeSmtp(env.SMTP_URL)})`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = nodemailer.createTransport(env.SMTP_URL, { connectionTimeout: timeoutMs, greetingTimeout: timeoutMs, socketTimeout: timeoutMs });
  try {
    await transport.verify();
    const authenticated = Boolean(new URL(env.SMTP_URL).username);
    return { service, mode, status: "ok", result: authenticated ? "connected and signed in" : "connected (no user name: not signed in)", todo: "" };
  } catch (error) {
    const code = (error as { code?: string }).code;
    const auth = code === "EAUTH";
    return {
      service,
      mode,
      status: "failed",
      result: auth ? "the mail server refused the user name or password" : `cannot connect: ${messageOf(error)}`,
      todo: auth ? "Correct the user name and password in SMTP_URL." : "Check the host and port in SMTP_URL (465 for smtps://, 587 for smtp://).",
    };
  } finally {
    transport.close();
  }
}

// ─── Files ──────────────────────────────────────────────────────────────────────────────────────

export async function checkFiles(env: ServerEnv): Promise<CheckResult> {
  const service = "Files";
  if (!env.S3_BUCKET) {
    const dir = path.join(env.DATA_DIR_ABS, "uploads");
    try {
      probeFolder(dir);
      return { service, mode: "local folder", status: "ok", result: `${dir} is writable`, todo: env.DATABASE_URL ? "With several servers, set S3_BUCKET so they share pictures." : "" };
    } catch (error) {
      return { service, mode: "local folder", status: "failed", result: `${dir} cannot be written: ${messageOf(error)}`, todo: "Set DATA_DIR to a folder this user may write." };
    }
  }
  const mode = `S3 (bucket ${env.S3_BUCKET})`;
  try {
    const { s3ConfigFromEnv, createS3Storage } = await import("~/server/storage/s3.server");
    const storage = createS3Storage(s3ConfigFromEnv(env));
    const key = `doctor/probe-${crypto.randomBytes(6).toString("hex")}.txt`;
    const body = Buffer.from("probe");
    await storage.put(key, body, "text/plain");
    try {
      const { GetObjectCommand } = await import("@aws-sdk/client-s3");
      const got = await storage.client.send(new GetObjectCommand({ Bucket: storage.bucket, Key: key }));
      const read = Buffer.from((await got.Body?.transformToByteArray()) ?? []);
      if (!read.equals(body)) throw new Error("the probe object read back differently");
    } finally {
      await storage.delete(key);
    }
    storage.client.destroy();
    return { service, mode, status: "ok", result: "a probe object was written, read and deleted", todo: "" };
  } catch (error) {
    const name = (error as { name?: string }).name ?? "";
    const todo =
      name === "NoSuchBucket"
        ? "Create the bucket, or correct S3_BUCKET."
        : /AccessDenied|InvalidAccessKeyId|SignatureDoesNotMatch|Forbidden/.test(name)
          ? "Check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, and that the key may put, get and delete objects in the bucket."
          : "Check S3_ENDPOINT, S3_REGION and the bucket.";
    return { service, mode, status: "failed", result: `the probe failed: ${name ? `${name}: ` : ""}${messageOf(error)}`, todo };
  }
}

// ─── Email marketing ────────────────────────────────────────────────────────────────────────────

export async function checkEmailMarketing(env: ServerEnv, options: DoctorOptions = {}): Promise<CheckResult> {
  const service = "Email marketing";
  if (!env.KIT_API_KEY) return { service, mode: "local", status: "ok", result: "subscribers stay in the site's own database", todo: "" };
  const mode = "Kit";
  const base = (env.KIT_API_URL ?? KIT_DEFAULT_API_URL).replace(/\/+$/, "");
  try {
    const response = await fetch(`${base}/account`, {
      headers: { "X-Kit-Api-Key": env.KIT_API_KEY, Accept: "application/json" },
      signal: AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      redirect: "error",
    });
    if (response.status === 401 || response.status === 403) {
      return { service, mode, status: "failed", result: "Kit refused the key", todo: "Copy a v4 API key from Kit (Settings > Developer) into KIT_API_KEY." };
    }
    if (!response.ok) return { service, mode, status: "failed", result: `Kit answered ${response.status}`, todo: "Try again later; if it persists, check Kit's status page." };
    const data = (await response.json().catch(() => null)) as { account?: { name?: string } } | null;
    return { service, mode, status: "ok", result: `key accepted${data?.account?.name ? ` (account ${data.account.name})` : ""}`, todo: "" };
  } catch (error) {
    return { service, mode, status: "failed", result: `Kit could not be reached: ${messageOf(error)}`, todo: "Check this server's internet connection (and KIT_API_URL if set)." };
  }
}

// ─── The site's address and secret ───────────────────────────────────────────────────────────────

export function checkSiteAddress(env: ServerEnv): CheckResult {
  const service = "Site address";
  const mode = env.SITE_URL ? env.SITE_ORIGIN : `unset (${env.SITE_ORIGIN})`;
  const refusal = problemsFor(deploymentProblems(env), ["SITE_URL"]);
  if (refusal) return { service, mode, status: "failed", result: "a live Stripe key needs an https address", todo: refusal };
  if (env.NODE_ENV !== "production") return { service, mode, status: "ok", result: `${env.NODE_ENV}: any address`, todo: "" };
  if (!env.SITE_URL) return { service, mode, status: "warning", result: "links in emails and payments point at this machine", todo: "Set SITE_URL to the public address, e.g. https://www.example.co.uk." };
  if (!isPublicProduction(env)) return { service, mode, status: "ok", result: "a local address (not public)", todo: "" };
  if (!env.SITE_ORIGIN.startsWith("https://")) {
    return { service, mode, status: "failed", result: "a public site without https", todo: "Put the site behind https (a proxy such as Caddy or nginx) and set SITE_URL=https://…" };
  }
  return { service, mode, status: "ok", result: "https", todo: "" };
}

/** Rough strength of a secret in bits: its length times the log of the characters it uses. */
export function secretStrengthBits(secret: string): number {
  const distinct = new Set(secret).size;
  return Math.round(secret.length * Math.log2(Math.max(distinct, 1)));
}

const WEAK_WORDS = /password|secret|changeme|example|0123456789|abcdefgh|qwerty/i;

export function checkAuthSecret(env: ServerEnv): CheckResult {
  const service = "Auth secret";
  const advice = "Generate one with `openssl rand -base64 48` and set AUTH_SECRET (the same on every server). Everyone is signed out once.";
  if (!env.AUTH_SECRET) {
    if (env.DATABASE_URL && env.NODE_ENV === "production") {
      return { service, mode: "unset", status: "failed", result: "required with DATABASE_URL in production", todo: advice };
    }
    const file = path.join(env.DATA_DIR_ABS, AUTH_SECRET_FILE);
    const exists = fs.existsSync(file);
    return { service, mode: "generated", status: "ok", result: exists ? `random, kept in ${file}` : "generated at the first start (random)", todo: "" };
  }
  const bits = secretStrengthBits(env.AUTH_SECRET);
  if (bits < 128 || WEAK_WORDS.test(env.AUTH_SECRET)) {
    return { service, mode: "AUTH_SECRET", status: "failed", result: `weak (about ${bits} bits${WEAK_WORDS.test(env.AUTH_SECRET) ? ", contains a guessable word" : ""})`, todo: advice };
  }
  return { service, mode: "AUTH_SECRET", status: "ok", result: `${env.AUTH_SECRET.length} characters, about ${bits} bits`, todo: "" };
}

// ─── All of it ──────────────────────────────────────────────────────────────────────────────────

export async function runDoctor(env: ServerEnv, options: DoctorOptions = {}): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const database = await checkDatabase(env);
  results.push(database.result);
  // The prices as sold: the installed catalogue with the dashboard's changes, when readable.
  let catalogue = loadSiteConfig().catalogue;
  try {
    if (database.handle) catalogue = applyOverrides(loadSiteConfig(), await readOverrideRows(database.handle.db)).config.catalogue;
  } catch {
    // The installed prices are checked instead.
  } finally {
    await database.handle?.close();
  }
  results.push(await checkPayments(env, catalogue, options));
  results.push(await checkMail(env, options));
  results.push(await checkFiles(env));
  results.push(await checkEmailMarketing(env, options));
  results.push(checkSiteAddress(env));
  results.push(checkAuthSecret(env));
  return results;
}

const LABELS: Record<CheckStatus, string> = { ok: "OK", warning: "WARNING", failed: "FAILED" };

/** The results as a plain-text table: service, mode, result, what to do. */
export function formatDoctorTable(results: CheckResult[]): string {
  const rows = [["Service", "Mode", "Result", "What to do"], ...results.map((r) => [r.service, r.mode, `${LABELS[r.status]}: ${r.result}`, r.todo || "-"])];
  const widths = [0, 1, 2].map((i) => Math.min(60, Math.max(...rows.map((row) => row[i]!.length))));
  const line = (row: string[]) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join("  ").trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  ") + "  ----------", ...rows.slice(1).map(line)].join("\n");
}
