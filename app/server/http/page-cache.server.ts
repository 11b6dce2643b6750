import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { AppLoadContext } from "react-router";
import { logger } from "~/server/core/logger.server";
import type { RenderFunction } from "./request-handler.server";
import { baseSecurityHeaders, documentPolicy, RESOURCE_POLICY, type SecurityOptions } from "./security-headers.server";
export { cacheablePaths } from "~/config/pages";

// The public page cache (decisions 143 and 144). A public page is
// the same for every visitor who is not signed in, so it is rendered once, compressed once (brotli
// and gzip) and then served from memory with a strong ETag, before Express or React Router run.
//
// The rules that keep one visitor's data out of another's page (docs/security.md, "Page cache"):
//  - Only GET and HEAD of a path on the list below, with no query string at all, and only for a
//    request with no Cookie and no Authorization header: a signed-in member (session cookie), a
//    visitor with a flash toast (toast cookie) or anybody else with a cookie is rendered fresh by
//    React Router, and such a request never fills the cache.
//  - The cache is filled by a request the server makes itself: the path on SITE_URL's origin, no
//    cookies and none of the visitor's headers. A response is kept only if it is a 200 without
//    Set-Cookie, rendered completely, and the settings version did not change while it rendered.
//  - Cache-Control is private: a shared cache never hands the page to somebody else, and Vary
//    names Cookie and Accept-Encoding.
//  - A cached page cannot carry a per-request nonce, so its policy allows its inline scripts by
//    their SHA-256 hashes, computed once when it is stored (decision 144).

export type CacheOutcome = "HIT" | "MISS";

interface Variant {
  body: Buffer;
  /** Flat [name, value, …] list for writeHead, without X-Cache. */
  headers: string[];
  notModified: string[];
  /**
   * The same lists as a hit on the usual path sends them (X-Request-Id first, as the request's
   * context sets it, then X-Cache: HIT last), for answers before anything else runs
   * (answerFromMemory): the id's slot is filled just before writeHead, which copies it at once.
   */
  hit: string[];
  hitNotModified: string[];
  etag: string;
}

interface Entry {
  key: string;
  generation: string;
  bytes: number;
  identity: Variant;
  gzip: Variant;
  br: Variant;
}

export interface PageCacheOptions {
  /** The cacheable paths (computed once by the caller). */
  paths: () => ReadonlySet<string>;
  /** Changes whenever the admin changes something a page shows (prices, cohort date, her texts). */
  settingsVersion: () => Promise<string>;
  /** The build's id: a new build never serves an old page. */
  buildId: () => Promise<string>;
  /** Renders a request through React Router. */
  render: RenderFunction;
  /** SITE_URL's origin: the fill request's URL, never the visitor's Host header. */
  siteOrigin: () => string;
  security: () => SecurityOptions;
  maxEntries?: number;
  maxBytes?: number;
  /** Told of each cacheable request: answered from the cache (hit) or rendered for it (miss). */
  onLookup?: (outcome: "hit" | "miss") => void;
  /**
   * The settings version when it is known without waiting (a fresh reading), else undefined: with
   * it, answerFromMemory serves a hit synchronously, before the request's other work.
   */
  settingsVersionNow?: () => string | undefined;
  /** Whether the site answers this request at all (its method, its Host header): checked before answerFromMemory answers. */
  admits?: (req: IncomingMessage) => boolean;
  /** Told of each request answered by answerFromMemory (instead of onLookup): to be counted in a batch. */
  onMemoryAnswer?: (method: string, path: string, status: number, seconds: number) => void;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page that could not be cached is rendered fresh for this long before the next attempt. */
const UNCACHEABLE_RETRY_MS = 10_000;

/** Response headers of the rendered page that the cache sets itself or must never copy. */
const OWN_HEADERS = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "content-security-policy-report-only",
  "content-type",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
  "x-cache",
]);

/** May this request be answered from (or fill) the cache? Only its method, URL and headers count. */
export function isCacheableRequest(req: Pick<IncomingMessage, "method" | "url" | "headers">, paths: ReadonlySet<string>): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const url = req.url;
  if (!url || !paths.has(url)) return false;
  const { cookie, authorization } = req.headers;
  // Any cookie at all: the session (whatever Better Auth names it), the flash toast, or anything
  // else this site may set one day. Such a visitor is rendered fresh.
  if (cookie !== undefined && cookie.trim() !== "") return false;
  if (authorization !== undefined) return false;
  return true;
}

/** The SHA-256 hashes (CSP source expressions) of every inline script in an HTML page. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const attributes = match[1] ?? "";
    const content = match[2] ?? "";
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    // Data blocks (JSON-LD) never run, so a policy does not need to allow them.
    if (type && type !== "module" && type !== "text/javascript" && type !== "application/javascript") continue;
    hashes.add(`sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

type Coding = "br" | "gzip" | "identity";

// Browsers send a handful of distinct Accept-Encoding headers: each is parsed once.
const codingOf = new Map<string, Coding>();
const CODING_MEMO_SIZE = 64;

/** The coding to send for an Accept-Encoding header: br, then gzip, else none. */
export function chooseEncoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return "identity";
  let coding = codingOf.get(acceptEncoding);
  if (coding === undefined) {
    coding = parseEncoding(acceptEncoding);
    if (codingOf.size >= CODING_MEMO_SIZE) codingOf.clear();
    codingOf.set(acceptEncoding, coding);
  }
  return coding;
}

function parseEncoding(acceptEncoding: string): Coding {
  let br = false;
  let gz = false;
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    if (name === "br") br = true;
    else if (name === "gzip" || name === "x-gzip") gz = true;
    else if (name === "*") {
      br = true;
      gz = true;
    }
  }
  return br ? "br" : gz ? "gzip" : "identity";
}

function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export function createPageCache(options: PageCacheOptions) {
  const maxEntries = options.maxEntries ?? 64;
  const maxBytes = options.maxBytes ?? 48 * 1024 * 1024;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();
  const uncacheableUntil = new Map<string, number>();
  let totalBytes = 0;

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.bytes;
  }

  function store(entry: Entry) {
    // Pages of an older build or settings version can never be asked for again.
    for (const old of entries.values()) if (old.generation !== entry.generation) remove(old.key);
    remove(entry.key);
    while (entries.size > 0 && (entries.size >= maxEntries || totalBytes + entry.bytes > maxBytes)) {
      remove(entries.keys().next().value!);
    }
    if (entry.bytes > maxBytes) return;
    entries.set(entry.key, entry);
    totalBytes += entry.bytes;
  }

  async function build(key: string, generation: string, path: string, version: string): Promise<Entry | null> {
    const request = new Request(`${options.siteOrigin()}${path}`, {
      headers: { accept: "text/html,application/xhtml+xml,*/*;q=0.8" },
    });
    const context: AppLoadContext = { clientIp: null, pageCacheFill: true };
    const response = await options.render(request, context);
    const contentType = response.headers.get("content-type") ?? "";
    if (response.status !== 200 || response.headers.has("set-cookie") || !response.body) {
      await response.body?.cancel();
      return null;
    }
    const body = Buffer.from(await response.arrayBuffer());
    // An admin change while the page rendered: it may show either version, so it is not kept.
    if ((await options.settingsVersion()) !== version) return null;

    const isHtml = /^text\/html\b/i.test(contentType);
    const security = options.security();
    const policy = isHtml
      ? documentPolicy(security, { hashes: inlineScriptHashes(body.toString("utf8")) })
      : (response.headers.get("content-security-policy") ?? RESOURCE_POLICY);
    // Lower-case names throughout, so a route's header replaces a default instead of repeating it.
    const common: OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(baseSecurityHeaders(security))) common[name.toLowerCase()] = value;
    for (const [name, value] of response.headers) if (!OWN_HEADERS.has(name)) common[name] = value;
    common["content-security-policy"] = policy;
    common["cache-control"] = isHtml ? "private, no-cache" : (response.headers.get("cache-control") ?? "private, no-cache");
    common["vary"] = "Cookie, Accept-Encoding";

    const hash = crypto.createHash("sha256").update(body).digest("base64url").slice(0, 32);
    const [gz, br] = await Promise.all([
      gzip(body, { level: 9 }),
      brotli(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
    ]);
    const variant = (data: Buffer, coding: string | null, etag: string): Variant => {
      const headers: OutgoingHttpHeaders = { ...common, etag, "content-type": isHtml ? "text/html; charset=utf-8" : contentType };
      if (coding) headers["content-encoding"] = coding;
      headers["content-length"] = String(data.length);
      const notModified: OutgoingHttpHeaders = { ...common, etag };
      const flat = flatten(headers);
      const flatNotModified = flatten(notModified);
      return {
        body: data,
        headers: flat,
        notModified: flatNotModified,
        hit: ["X-Request-Id", "", ...flat, "x-cache", "HIT"],
        hitNotModified: ["X-Request-Id", "", ...flatNotModified, "x-cache", "HIT"],
        etag,
      };
    };
    return {
      key,
      generation,
      bytes: body.length + gz.length + br.length,
      identity: variant(body, null, `"${hash}"`),
      gzip: variant(gz, "gzip", `"${hash}-gz"`),
      br: variant(br, "br", `"${hash}-br"`),
    };
  }

  // The build's id once known (it never changes in a process), and the last generation made of it.
  let knownBuildId: string | undefined;
  let lastGeneration = { version: "", buildId: "", generation: "" };
  function generationOf(buildId: string, version: string): string {
    if (lastGeneration.version !== version || lastGeneration.buildId !== buildId) {
      lastGeneration = { version, buildId, generation: `${buildId}\u0000${version}` };
    }
    return lastGeneration.generation;
  }

  /** The entry for a path, rendering it once however many visitors ask at the same moment. */
  async function lookup(path: string): Promise<{ entry: Entry; outcome: CacheOutcome } | null> {
    const [version, buildId] = await Promise.all([options.settingsVersion(), options.buildId()]);
    knownBuildId = buildId;
    const generation = generationOf(buildId, version);
    const key = `${generation}\u0000${path}`;
    const hit = entries.get(key);
    if (hit) return { entry: hit, outcome: "HIT" };
    const retryAt = uncacheableUntil.get(key);
    if (retryAt !== undefined) {
      if (Date.now() < retryAt) return null;
      uncacheableUntil.delete(key);
    }
    let pending = inFlight.get(key);
    if (!pending) {
      pending = build(key, generation, path, version)
        .then((entry) => {
          if (entry) store(entry);
          else uncacheableUntil.set(key, Date.now() + UNCACHEABLE_RETRY_MS);
          return entry;
        })
        .finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    const entry = await pending;
    return entry ? { entry, outcome: "MISS" } : null;
  }

  /**
   * Answers the request from the cache when it may be, or passes it on to `next` (the Express
   * app). Never throws: any failure here falls back to rendering normally.
   */
  function serve(req: IncomingMessage, res: ServerResponse, next: (req: IncomingMessage, res: ServerResponse) => void): void {
    if (!isCacheableRequest(req, options.paths())) {
      next(req, res);
      return;
    }
    lookup(req.url!).then(
      (found) => {
        options.onLookup?.(found?.outcome === "HIT" ? "hit" : "miss");
        if (!found) return next(req, res);
        write(req, res, found.entry, found.outcome);
      },
      (error: unknown) => {
        options.onLookup?.("miss");
        logger.error("page cache: could not render a page for the cache", { error, path: req.url });
        next(req, res);
      },
    );
  }

  /**
   * The fast path: answers a request for a page already in memory, synchronously and before the
   * request's other work (its context, timing and logging), when the settings version is known
   * without waiting. Returns false, having done nothing, for anything else: the caller then goes on
   * the usual way (where `serve` renders, waits for a fresh version, or passes the request on).
   * The answer carries the same headers as a hit on the usual path, X-Request-Id included.
   */
  function answerFromMemory(req: IncomingMessage, res: ServerResponse, requestId: () => string): boolean {
    const started = performance.now();
    if (knownBuildId === undefined || !isCacheableRequest(req, options.paths())) return false;
    if (options.admits && !options.admits(req)) return false;
    const version = options.settingsVersionNow?.();
    if (version === undefined) return false;
    const entry = entries.get(`${generationOf(knownBuildId, version)}\u0000${req.url}`);
    if (!entry) return false;
    const variant = entry[chooseEncoding(req.headers["accept-encoding"] as string | undefined)];
    const notModified = matchesEtag(req.headers["if-none-match"], variant.etag);
    const headers = notModified ? variant.hitNotModified : variant.hit;
    headers[1] = requestId();
    res.writeHead(notModified ? 304 : 200, headers);
    if (notModified || req.method === "HEAD") res.end();
    else res.end(variant.body);
    options.onMemoryAnswer?.(req.method!, req.url!, notModified ? 304 : 200, (performance.now() - started) / 1000);
    return true;
  }

  function write(req: IncomingMessage, res: ServerResponse, entry: Entry, outcome: CacheOutcome) {
    const variant = entry[chooseEncoding(req.headers["accept-encoding"] as string | undefined)];
    if (matchesEtag(req.headers["if-none-match"], variant.etag)) {
      res.writeHead(304, [...variant.notModified, "x-cache", outcome]);
      res.end();
      return;
    }
    res.writeHead(200, [...variant.headers, "x-cache", outcome]);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  return {
    serve,
    answerFromMemory,
    /** Empties the cache (tests; a future admin action). */
    clear() {
      entries.clear();
      uncacheableUntil.clear();
      totalBytes = 0;
    },
    stats() {
      return { entries: entries.size, bytes: totalBytes };
    },
  };
}

function flatten(headers: OutgoingHttpHeaders): string[] {
  const flat: string[] = [];
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) flat.push(name, item);
    else flat.push(name, String(value));
  }
  return flat;
}
