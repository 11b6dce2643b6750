import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { DeploymentRefusedError, deploymentProblems } from "~/config/deployment.server";
import { ConfigError } from "~/config/site";
import { getAuthSecret } from "../app/server/core/secret.server";
import { isUntrustedLoopbackProxy, parseTrustedProxies, resolveClientIp, UNTRUSTED_PROXY_WARNING } from "../app/server/core/client-ip.server";
import { getDb, pingDatabase } from "~/server/db/client.server";
import { isDatabaseUnavailable, OUTAGE_RETRY_AFTER_SECONDS, outagePage } from "~/server/http/outage.server";
import { securityOptions } from "~/server/http/document-policy.server";
import { cacheablePaths, createPageCache } from "~/server/http/page-cache.server";
import { createPageHandler } from "~/server/http/request-handler.server";
import { connectRefusal, guardRequest, sendGuardAnswer } from "~/server/http/request-guard.server";
import { baseSecurityHeaders, securityHeadersMiddleware } from "~/server/http/security-headers.server";
import { logger } from "../app/server/core/logger.server";
import { makeDataDirPrivate, permissionsWarning } from "~/server/ops/data-dir-permissions.server";
import { answerMetrics, countMemoryAnswer, countPageCache, observeRequest, setMetricsDatabase } from "../app/server/metrics/metrics.server";
import { routePatternMatcher } from "~/server/ops/route-pattern.server";
import { getPublicPagesVersion, publicPagesVersionNow } from "~/server/site-blocks/blocks.server";
import { currentRequestContext, requestIdFor, runWithRequestContext } from "../app/server/core/request-context.server";
import { markDatabaseStopping } from "~/server/db/stopping.server";
import {
  beginShutdown as beginServerShutdown,
  dataDirProblem,
  DatabaseStartError,
  isShuttingDown,
  startDatabaseOnly,
  startServerResources as startResources,
  stopDatabaseOnly,
  stopServerResources,
} from "../app/server/startup/startup.server";

// The Express app that wraps React Router. server.js mounts it after static assets; in
// development Vite loads this module on each request, so everything stateful lives on globalThis.
// Security headers, body limits and the public page cache: docs/security.md.

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** Sets the security headers every response carries; server.js puts it before static files too. */
export const securityHeaders = securityHeadersMiddleware(securityOptions);

// Parsed once: the proxies whose X-Forwarded-For we believe (docs/product.md §7.8).
let trustedProxies: { raw: string | undefined; parsed: ReturnType<typeof parseTrustedProxies> } | undefined;
function trusted() {
  const raw = getServerEnv().TRUSTED_PROXIES;
  if (!trustedProxies || trustedProxies.raw !== raw) trustedProxies = { raw, parsed: parseTrustedProxies(raw) };
  return trustedProxies.parsed;
}

// A proxy on this machine that nobody told us about: said once per process, at warning level.
const warnings = globalThis as typeof globalThis & { __untrustedProxyWarned?: boolean };
function clientIpOf(req: IncomingMessage): string | null {
  const proxies = trusted();
  const forwardedFor = req.headers["x-forwarded-for"];
  if (!warnings.__untrustedProxyWarned && isUntrustedLoopbackProxy(req.socket.remoteAddress, forwardedFor, proxies)) {
    warnings.__untrustedProxyWarned = true;
    logger.warn(UNTRUSTED_PROXY_WARNING);
  }
  return resolveClientIp(req.socket.remoteAddress, forwardedFor, proxies);
}

// docs/product.md §7.8: the client IP from the socket, or from X-Forwarded-For when the socket is one of
// our own proxies (TRUSTED_PROXIES); loaders and actions read it as context.clientIp.
const pages = createPageHandler({
  build: loadBuild,
  getLoadContext: (req) => ({ clientIp: clientIpOf(req) }),
  siteOrigin: () => getServerEnv().SITE_ORIGIN,
  databaseAnswers,
  outagePage: () => outagePage(getSiteConfig().businessName),
});

/** Whether the database answers a ping within two seconds (asked after a request failed). */
async function databaseAnswers(): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      pingDatabase(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("no answer")), 2_000);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** An unexpected error, for server.js: one JSON line, redacted like every other (logger.server.ts). */
export function logError(message: string, error?: unknown) {
  logger.error(message, error === undefined ? undefined : { error });
}

let guardHeaders: Record<string, string> | undefined;
/**
 * Methods the site does not use and unreadable Host headers get their 4xx before anything else
 * runs (app/server/http/request-guard.server.ts). Returns true when it answered.
 */
function refused(req: IncomingMessage, res: ServerResponse): boolean {
  const answer = guardRequest(req);
  if (!answer) return false;
  guardHeaders ??= baseSecurityHeaders(securityOptions());
  sendGuardAnswer(req, res, answer, guardHeaders);
  return true;
}

export const app = express();
app.disable("x-powered-by");
// In production withPageCache has already run the guard; the development server meets it here.
app.use((req, res, next) => {
  if (!refused(req, res)) next();
});
app.use(securityHeaders);

// Liveness (docs/product.md §17.4): the process answers. Nothing outside it is asked, so a
// database outage never gets a healthy server restarted.
app.get("/healthz", (_req, res) => {
  res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
});

// Readiness: the database answers and the server is not stopping. A load balancer sends requests
// only while this is 200; during a graceful stop it turns 503 at once.
app.get("/readyz", async (_req, res) => {
  res.set("Cache-Control", "no-store");
  if (isShuttingDown()) {
    res.status(503).json({ status: "stopping" });
    return;
  }
  try {
    await pingDatabase();
    res.status(200).json({ status: "ready" });
  } catch (error) {
    logger.error("readiness check: the database did not answer", { error });
    res.status(503).json({ status: "database unavailable" });
  }
});

app.use(pages.middleware);

/** The last word on an error: plain words, no stack trace, the security headers kept. */
export function errorHandler(error: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) {
    next(error);
    return;
  }
  const status = (error as { status?: unknown } | null)?.status;
  const clientError = typeof status === "number" && status >= 400 && status < 500;
  if (!clientError) logger.error("request failed", { error });
  res.set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  if (!clientError && isDatabaseUnavailable(error)) {
    // A passing outage, said as one (docs/product.md §17.4).
    res.status(503).set("Retry-After", String(OUTAGE_RETRY_AFTER_SECONDS));
    res.send("The site can't reach its records just now. Please try again in a minute or two.");
    return;
  }
  res.status(clientError ? status : 500);
  res.send(clientError ? "Bad request." : "Something went wrong on our side. Please try again in a moment.");
}
app.use(errorHandler);

// ─── The public page cache (decisions 143 and 144) ───────────────────────────────────

let buildId: Promise<string> | undefined;
let paths: ReadonlySet<string> | undefined;

const pageCache = createPageCache({
  // On first use, not at import: a configuration error is reported by start-up, naming the variable.
  paths: () => (paths ??= new Set(cacheablePaths(getSiteConfig().coachSlug))),
  settingsVersion: getPublicPagesVersion,
  buildId: () => (buildId ??= loadBuild().then((build) => build.assets.version)),
  render: pages.render,
  siteOrigin: () => getServerEnv().SITE_ORIGIN,
  security: securityOptions,
  onLookup: countPageCache,
  settingsVersionNow: publicPagesVersionNow,
  admits: (req) => guardRequest(req) === null,
  onMemoryAnswer: (method, path, status, seconds) => countMemoryAnswer(method, cachedRouteOf(path), status, seconds),
});

// The cacheable paths are few: each one's route pattern is matched once.
const cachedRoutes = new Map<string, string>();
function cachedRouteOf(path: string): string {
  let route = cachedRoutes.get(path);
  if (route === undefined) {
    route = routeOf(path);
    if (route !== "unknown") cachedRoutes.set(path, route);
  }
  return route;
}

/**
 * The production server's outermost request listener (server.js): a signed-out request for a
 * public page already in the cache is answered at once, before anything else runs (docs/performance.md,
 * "Cache hits first"); it is counted and logged in batches. Everything else goes to `next`.
 */
export function withCachedPagesFirst(next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!pageCache.answerFromMemory(req, res, () => requestIdFor(req))) next(req, res);
  };
}

/**
 * The production server's request listener: a public page from the cache when it may be (before
 * Express runs at all), otherwise `next` (server.js's Express app: static files, then `app`).
 */
export function withPageCache(next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (!refused(req, res)) pageCache.serve(req, res, next);
  };
}

// ─── Operations: metrics and request timing (docs/product.md §17.3) ─────────────────────────────

let routePattern: ((pathname: string) => string) | undefined;
let routePatternLoading: Promise<unknown> | undefined;
function routeOf(pathname: string): string {
  if (routePattern) return routePattern(pathname);
  routePatternLoading ??= loadBuild().then((build) => (routePattern = routePatternMatcher(build.routes)));
  return "unknown";
}

function pathnameOf(url: string | undefined): string {
  const raw = (url ?? "/").split("?")[0]!;
  return raw.startsWith("/") ? raw : "/";
}

/**
 * The outermost request listener (server.js): times every request by route pattern and status
 * class, and answers GET /metrics (only with the METRICS_TOKEN bearer token) before anything else.
 */
export function withOperations(next: (req: IncomingMessage, res: ServerResponse) => void) {
  routeOf("/"); // loads the route patterns now, before the first request
  return (req: IncomingMessage, res: ServerResponse) => runWithRequestContext({ requestId: requestIdFor(req) }, () => handle(req, res));

  function handle(req: IncomingMessage, res: ServerResponse) {
    const started = process.hrtime.bigint();
    const pathname = pathnameOf(req.url);
    const own = pathname === "/metrics";
    res.setHeader("X-Request-Id", currentRequestContext()!.requestId);
    res.once("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const route = own ? pathname : routeOf(pathname);
      observeRequest(req.method, route, res.statusCode, seconds);
      // The route's pattern, never the address: a query string may hold a token or an email.
      logger.info("request", { method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) });
    });
    if (own && (req.method === "GET" || req.method === "HEAD")) {
      answerMetrics(req, res, getServerEnv().METRICS_TOKEN).catch((error: unknown) => {
        logger.error("metrics: could not answer", { error });
        if (!res.headersSent) res.writeHead(500, { "Content-Type": "text/plain; charset=utf-8" });
        res.end();
      });
      return;
    }
    next(req, res);
  }
}

/** Refuses to serve a build whose coach routes (docs/product.md §15) differ from the configured slug. */
export async function assertBuildMatchesConfig() {
  const build = await loadBuild();
  const slug = getSiteConfig().coachSlug;
  const paths = Object.values(build.routes).map((r) => r?.path);
  if (!paths.includes(`meet-${slug}`)) {
    throw new ConfigError([
      {
        field: "COACH_SLUG",
        reason: `the built site has no route /meet-${slug}; rebuild with 'npm run build' after changing COACH_NAME or COACH_SLUG`,
      },
    ]);
  }
}

/** Start-up: the auth secret first (a missing AUTH_SECRET stops the server, naming it), then the rest. */
/** The checks every start makes before the database: the deployment, and the signing secret. */
function checkBeforeDatabase() {
  // A public production site never runs on the test checkout or the outbox by accident.
  const env = getServerEnv();
  // DATA_DIR private before anything is read from it (docs/security.md, "File permissions"); root
  // running the embedded database keeps the group's passage for the database's user.
  const embeddedAsOtherUser = !env.DATABASE_URL && process.getuid?.() === 0;
  try {
    const warning = permissionsWarning(env.DATA_DIR_ABS, makeDataDirPrivate(env.DATA_DIR_ABS, { groupPassage: embeddedAsOtherUser }));
    if (warning) logger.warn(warning);
  } catch (error) {
    const problem = dataDirProblem(error, env.DATA_DIR_ABS);
    if (problem) throw new DatabaseStartError(problem, { cause: error });
    throw error;
  }
  const problems = deploymentProblems(env);
  if (problems.length > 0) throw new DeploymentRefusedError(problems, env.SITE_ORIGIN);
  try {
    getAuthSecret();
  } catch (error) {
    // The secret is kept in DATA_DIR when AUTH_SECRET is unset: a folder that cannot be written
    // is said in one line naming DATA_DIR.
    const problem = dataDirProblem(error, getServerEnv().DATA_DIR_ABS);
    if (problem) throw new DatabaseStartError(problem, { cause: error });
    throw error;
  }
}

export async function startServerResources(options: { port?: number } = {}) {
  checkBeforeDatabase();
  await startResources(options);
  setMetricsDatabase(getDb);
}

/**
 * The primary of several processes (WEB_CONCURRENCY, docs/decisions/202): the same checks (the
 * signing secret is written once, here), then the database opened and migrated once, before any
 * worker starts. It serves no request itself.
 */
export async function startClusterPrimary() {
  checkBeforeDatabase();
  await startDatabaseOnly();
}

export { stopDatabaseOnly as stopClusterPrimary };

/** A graceful stop has begun (server.js): readiness turns 503, and the database going away is expected. */
export function beginShutdown(): Promise<void> {
  markDatabaseStopping();
  return beginServerShutdown();
}

export { connectRefusal, stopServerResources };
