import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { settleAuthBackgroundTasks } from "~/server/auth/context.server";
import { resetAuth } from "~/server/auth/instance.server";
import { resetStorage } from "~/server/storage/index.server";
import { deliverQueuedEmails } from "./mail";
import { isAddressedTo, readOutboxDir, type OutboxMessage } from "./outbox";
import { makeTempDir } from "./processes";

// Helpers for the accounts' integration tests: an environment of their own (data directory for
// the outbox, uploads and secret), real Requests for the route modules' loaders and actions, a
// cookie jar, the outbox's messages and TOTP codes.

export const TEST_ORIGIN = "http://localhost:3000";
export const TEST_PASSWORD = "Stronger2025";

/** Sets the environment the auth code reads (before the first call) and removes it afterwards. */
export function setupAuthEnvironment(values: Record<string, string> = {}): { readonly dataDir: string } {
  const temp = makeTempDir("sc-auth-");
  const saved: Record<string, string | undefined> = {};
  const env: Record<string, string> = {
    DATA_DIR: path.join(temp.dir, "data"),
    AUTH_SECRET: "integration-test-secret-0123456789-abcdefghij",
    SITE_URL: TEST_ORIGIN,
    ADMIN_EMAILS: "",
    GEO_HEADER: "",
    TRUSTED_PROXIES: "",
    SMTP_URL: "",
    S3_BUCKET: "",
    ...values,
  };
  beforeAll(() => {
    for (const [key, value] of Object.entries(env)) {
      saved[key] = process.env[key];
      process.env[key] = value;
    }
    reloadConfig();
    resetAuth();
    resetStorage();
  });
  afterAll(async () => {
    await settleAuthBackgroundTasks();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    reloadConfig();
    resetAuth();
    resetStorage();
    temp.cleanup();
  });
  return { dataDir: env.DATA_DIR! };
}

// ─── Requests and answers ───────────────────────────────────────────────────────────────────────

/** A browser's cookie jar, enough for one site. */
export class CookieJar {
  private cookies = new Map<string, string>();

  /** Takes the Set-Cookie headers of a response (an expired cookie is removed). */
  store(headers: Headers | undefined | null): this {
    for (const line of headers?.getSetCookie() ?? []) {
      const [pair, ...attributes] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return this;
  }

  has(name: string): boolean {
    return [...this.cookies.keys()].some((key) => key === name || key.endsWith(name));
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

export interface RequestOptions {
  jar?: CookieJar;
  headers?: Record<string, string>;
  origin?: string | null;
}

export function formRequest(pathname: string, fields: Record<string, string | undefined>, options: RequestOptions = {}): Request {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) body.append(key, value);
  const headers = new Headers({ "content-type": "application/x-www-form-urlencoded", ...options.headers });
  if (options.origin !== null) headers.set("origin", options.origin ?? TEST_ORIGIN);
  if (options.jar) headers.set("cookie", options.jar.header());
  return new Request(`${TEST_ORIGIN}${pathname}`, { method: "POST", headers, body });
}

export function getRequest(pathnameAndQuery: string, options: RequestOptions = {}): Request {
  const headers = new Headers(options.headers);
  if (options.jar) headers.set("cookie", options.jar.header());
  return new Request(`${TEST_ORIGIN}${pathnameAndQuery}`, { headers });
}

export interface Answer<T = unknown> {
  status: number;
  headers: Headers;
  /** The data of a `data()` answer, or the JSON body of a JSON response. */
  data: T;
  /** A redirect's Location. */
  location: string | null;
}

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

/** Runs a loader or action and describes what it answered, thrown or returned. */
export async function answer<T = unknown>(run: () => unknown): Promise<Answer<T>> {
  let value: unknown;
  try {
    value = await run();
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) {
    const text = await value.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: value.status, headers: value.headers, data: body as T, location: value.headers.get("location") };
  }
  if (value && typeof value === "object" && (value as DataWithInit).type === "DataWithResponseInit") {
    const { data, init } = value as DataWithInit;
    return { status: init?.status ?? 200, headers: new Headers(init?.headers), data: data as T, location: null };
  }
  if (value instanceof Error) throw value;
  return { status: 200, headers: new Headers(), data: value as T, location: null };
}

/** The arguments React Router passes a loader or action (`url` is the request's, normalised). */
export function routeArgs(request: Request, clientIp: string | null = "203.0.113.1") {
  return { request, url: new URL(request.url), params: {}, context: { clientIp }, pattern: "" } as never;
}

let ipCounter = 0;
/** A fresh documentation address per call (RFC 5737), so tests never share a rate-limit bucket. */
export function nextTestIp(): string {
  ipCounter += 1;
  return `198.51.${100 + Math.floor(ipCounter / 250)}.${(ipCounter % 250) + 1}`;
}

let emailCounter = 0;
export function uniqueEmail(prefix = "member"): string {
  emailCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${emailCounter}@example.com`;
}

// ─── The outbox ─────────────────────────────────────────────────────────────────────────────────

export type { OutboxMessage } from "./outbox";

/** Every message in DATA_DIR/outbox, oldest first, with its text part decoded and its links. */
export async function readOutbox(dataDir: string): Promise<OutboxMessage[]> {
  await settleAuthBackgroundTasks();
  await deliverQueuedEmails();
  return readOutboxDir(dataDir);
}

/** The messages sent to one address. */
export async function outboxFor(dataDir: string, to: string): Promise<OutboxMessage[]> {
  return (await readOutbox(dataDir)).filter((m) => isAddressedTo(m, to));
}

// ─── TOTP (RFC 6238), to act as the member's authenticator app ──────────────────────────────────

function base32Decode(input: string): Buffer {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of input.replace(/=+$/, "").toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    bits += index.toString(2).padStart(5, "0");
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((b) => parseInt(b, 2)));
}

/** The code an authenticator app shows for an otpauth:// URI's secret at `time`. */
export function totpCode(otpauthUri: string, time = Date.now()): string {
  const url = new URL(otpauthUri);
  const secret = base32Decode(url.searchParams.get("secret")!);
  const period = Number(url.searchParams.get("period") ?? 30);
  const digits = Number(url.searchParams.get("digits") ?? 6);
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / 1000 / period)));
  const hmac = crypto.createHmac("sha1", secret).update(counter).digest();
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = (hmac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits;
  return String(value).padStart(digits, "0");
}
