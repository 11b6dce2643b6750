import http from "node:http";
import path from "node:path";
import { sql } from "drizzle-orm";
import { createDatabase, type Database } from "~/server/db/client.server";
import { CookieJar } from "./auth";
import { createEmbeddedDataDir, createTestDatabase, type TestDatabase } from "./db";
import { waitForLink } from "./outbox";
import { ensureBuild, makeTempDir, freePort, startServer, type RunningServer } from "./processes";

// The built server (`node server.js`, production mode) on a database of its own, for the
// hardening tests (authorization matrix, bad-input fuzzing, crash safety): real HTTP, real
// cookies, and a way to read the database the server writes.
//
// The test reads the server's database while it runs: on PostgreSQL (DATABASE_URL set) through its
// own database, on the embedded default through the server the site runs in its data directory.

export const TRUSTED_LOOPBACK = "127.0.0.1,::1";


let addressCounter = 0;
/**
 * A fresh client address per call, sent as X-Forwarded-For (believed from loopback because the
 * server runs with TRUSTED_PROXIES, as behind its load balancer; decision record 100): the
 * per-IP rate limits then apply per simulated visitor, as in production.
 */
export function nextClientIp(): string {
  addressCounter += 1;
  return `100.${64 + ((addressCounter >> 16) & 63)}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

export interface SendOptions {
  method?: string;
  jar?: CookieJar | null;
  /** The client address (X-Forwarded-For); a fresh one when omitted. */
  ip?: string;
  /** Sent as a browser on the site would (default); null sends no Origin header. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** application/x-www-form-urlencoded fields. */
  form?: Record<string, string>;
  json?: unknown;
  /** multipart/form-data (fetch writes the boundary). */
  multipart?: FormData;
  /** A raw body with its content type given in headers. */
  body?: string | Uint8Array;
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface SiteOptions {
  name: string;
  env?: Record<string, string>;
  /** Writes the starting data (users…) before the server starts. */
  seed?: (db: Database) => Promise<void>;
}

export class Site {
  server: RunningServer | undefined;
  private closed = false;

  private constructor(
    readonly origin: string,
    readonly port: number,
    private readonly env: Record<string, string>,
    readonly dataDir: string,
    /** Open for the whole test on PostgreSQL; null on the embedded default. */
    private readonly postgres: TestDatabase | null,
    private readonly cleanup: () => void,
  ) {}

  get driver(): "embedded postgres" | "postgres" {
    return this.postgres ? "postgres" : "embedded postgres";
  }

  static async start({ name, env = {}, seed }: SiteOptions): Promise<Site> {
    const buildProblem = await ensureBuild();
    if (buildProblem) throw new Error(buildProblem);
    const temp = makeTempDir(`sc-${name}-`);
    const dataDir = path.join(temp.dir, "data");
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    const serverEnv: Record<string, string> = {
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dataDir,
      TRUSTED_PROXIES: TRUSTED_LOOPBACK,
      LOG_LEVEL: "error",
      AUTH_SECRET: "",
      ...env,
    };
    let postgres: TestDatabase | null = null;
    if (process.env.DATABASE_URL) {
      postgres = await createTestDatabase();
      serverEnv.DATABASE_URL = postgres.url!;
      serverEnv.AUTH_SECRET ||= `${name}-hardening-secret-0123456789abcdef`;
      if (seed) await seed(postgres.db);
    } else {
      const handle = await createEmbeddedDataDir(dataDir);
      try {
        if (seed) await seed(handle.db);
      } finally {
        await handle.close();
      }
    }
    const site = new Site(origin, port, serverEnv, dataDir, postgres, temp.cleanup);
    await site.boot();
    return site;
  }

  /** Starts the server (again) on the same data and port. */
  async boot(): Promise<void> {
    this.server = await startServer(this.env, 120_000);
  }

  /** Waits for an email to `to` with a link like `pattern` (the server's outbox) and returns the link. */
  emailedLink(to: string, pattern: RegExp): Promise<string> {
    return waitForLink(this.dataDir, to, pattern);
  }

  /** The server's output so far (for failure messages). */
  output(): string {
    return this.server?.output() ?? "";
  }

  async send(pathname: string, options: SendOptions = {}): Promise<Response> {
    if (!this.server) throw new Error("The server is not running.");
    const headers = new Headers(options.headers);
    headers.set("x-forwarded-for", options.ip ?? nextClientIp());
    if (options.origin !== null && !headers.has("origin")) headers.set("origin", options.origin ?? this.origin);
    if (options.jar) headers.set("cookie", options.jar.header());
    let body: BodyInit | undefined;
    if (options.form) {
      body = new URLSearchParams(options.form).toString();
      if (!headers.has("content-type")) headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      if (!headers.has("content-type")) headers.set("content-type", "application/json");
    } else if (options.multipart) {
      body = options.multipart;
    } else if (options.body !== undefined) {
      body = options.body as BodyInit;
    }
    const method = options.method ?? (body === undefined ? "GET" : "POST");
    return fetch(`${this.origin}${pathname}`, { method, headers, body, redirect: "manual", signal: options.signal });
  }

  /**
   * A request sent as written, over node:http rather than fetch: any method (fetch refuses TRACE
   * and CONNECT) and any header, the Host header included (an empty one too).
   */
  raw(pathname: string, { method = "GET", headers = {} }: { method?: string; headers?: Record<string, string> } = {}): Promise<RawAnswer> {
    if (!this.server) throw new Error("The server is not running.");
    const hasHost = Object.keys(headers).some((name) => name.toLowerCase() === "host");
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: "127.0.0.1",
          port: this.port,
          path: pathname,
          method,
          headers: { "x-forwarded-for": nextClientIp(), ...headers },
          setHost: !hasHost,
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString("utf8") }));
          response.on("error", reject);
        },
      );
      request.setTimeout(30_000, () => request.destroy(new Error(`${method} ${pathname}: no answer within 30 s`)));
      request.on("error", reject);
      request.end();
    });
  }

  /** Runs `fn` on the server's database (while the server runs, or not). */
  async withDatabase<T>(fn: (db: Database) => Promise<T>): Promise<T> {
    if (this.postgres) return fn(this.postgres.db);
    const handle = await createDatabase({ dataDir: this.dataDir, shared: true, poolSize: 2 });
    try {
      return await fn(handle.db);
    } finally {
      await handle.close();
    }
  }


  /** Stops the server with a signal and waits until it has exited. */
  async stopServer(signal: NodeJS.Signals = "SIGTERM") {
    const running = this.server;
    this.server = undefined;
    return running?.stop(signal);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stopServer("SIGKILL");
    await this.postgres?.close();
    this.cleanup();
  }
}

// ─── Snapshots of the database ──────────────────────────────────────────────────────────────────

/** Every row of every table of the site's schema, as sorted JSON lines per table. */
export type Snapshot = Map<string, string[]>;

/**
 * Tables whose rows change by design whatever is sent: the per-IP rate-limit counters, the
 * per-account and per-recipient ones (a wrong password counts towards its address's limit), and
 * on PostgreSQL the running server's own row in server_instances (refreshed every minute).
 */
// email_messages, and the email queue's rows of jobs: the server's mail worker sends in the
// background what earlier requests queued (docs/product.md §18.1), whenever it gets to it.
export const ALWAYS_CHANGING_TABLES = ["rate_limits", "account_limits", "server_instances", "email_messages"];

export async function snapshotDatabase(db: Database, exclude: readonly string[] = ALWAYS_CHANGING_TABLES): Promise<Snapshot> {
  const { rows } = await db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  const snapshot: Snapshot = new Map();
  for (const { tablename } of rows) {
    if (exclude.includes(tablename)) continue;
    const where = tablename === "jobs" ? ` where queue <> 'email'` : "";
    const result = await db.execute<Record<string, unknown>>(sql.raw(`select * from "${tablename}"${where}`));
    snapshot.set(tablename, result.rows.map((row) => JSON.stringify(row)).sort());
  }
  return snapshot;
}

/** What changed between two snapshots, one line per table (empty when nothing did). */
export function diffSnapshots(before: Snapshot, after: Snapshot, ignore: readonly string[] = []): string[] {
  const lines: string[] = [];
  for (const table of new Set([...before.keys(), ...after.keys()])) {
    if (ignore.includes(table)) continue;
    const a = new Set(before.get(table) ?? []);
    const b = new Set(after.get(table) ?? []);
    const removed = [...a].filter((row) => !b.has(row));
    const added = [...b].filter((row) => !a.has(row));
    if (removed.length === 0 && added.length === 0) continue;
    // A row with the same first column (its key) on both sides changed: name the columns.
    const keyOf = (row: string) => JSON.stringify(Object.values(JSON.parse(row) as Record<string, unknown>)[0]);
    const changedRows = added.filter((row) => removed.some((old) => keyOf(old) === keyOf(row)));
    for (const row of changedRows.slice(0, 3)) {
      const next = JSON.parse(row) as Record<string, unknown>;
      const previous = JSON.parse(removed.find((old) => keyOf(old) === keyOf(row))!) as Record<string, unknown>;
      const columns = Object.keys(next).filter((key) => JSON.stringify(next[key]) !== JSON.stringify(previous[key]));
      lines.push(`${table}: row ${keyOf(row)} changed ${columns.map((c) => `${c}: ${JSON.stringify(previous[c])} → ${JSON.stringify(next[c])}`).join(", ")}`);
    }
    if (changedRows.length === added.length && changedRows.length === removed.length) continue;
    const sample = (rows: string[]) => rows.slice(0, 2).map((row) => (row.length > 300 ? `${row.slice(0, 300)}…` : row));
    lines.push(`${table}: ${added.length} row(s) added or changed ${JSON.stringify(sample(added))}, ${removed.length} removed or changed ${JSON.stringify(sample(removed))}`);
  }
  return lines;
}

/** Row counts per table, for reports. */
export function countRows(snapshot: Snapshot): Record<string, number> {
  return Object.fromEntries([...snapshot].map(([table, rows]) => [table, rows.length]));
}

// ─── Signing in ─────────────────────────────────────────────────────────────────────────────────

/** Signs in through Better Auth's real endpoint (as the login form does) and returns the cookies. */
export async function signIn(site: Site, email: string, password: string): Promise<CookieJar> {
  const response = await site.send("/api/auth/sign-in/email", { json: { email, password, rememberMe: true } });
  if (response.status !== 200) throw new Error(`Sign-in of ${email} answered ${response.status}: ${await response.text()}`);
  const jar = new CookieJar().store(response.headers);
  if (!jar.has("better-auth.session_token")) throw new Error(`Sign-in of ${email} set no session cookie.`);
  return jar;
}

/** The flash toast a redirect carries (the signed sc_toast cookie's value, read without the key). */
export function toastOf(response: Response): { title: string; description: string | null; variant: string } | null {
  for (const line of response.headers.getSetCookie()) {
    const match = /^sc_toast=([^;]*)/.exec(line);
    if (!match?.[1]) continue;
    const value = decodeURIComponent(match[1]);
    const payload = value.slice(0, value.lastIndexOf("."));
    try {
      return JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { title: string; description: string | null; variant: string };
    } catch {
      return null;
    }
  }
  return null;
}
