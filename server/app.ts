import type { IncomingMessage, ServerResponse } from "node:http";
import express, { type NextFunction, type Request, type Response } from "express";
import type { ServerBuild } from "react-router";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { ConfigError } from "~/config/site";
import { getAuthSecret } from "~/server/auth-secret.server";
import { parseTrustedProxies, resolveClientIp } from "~/server/client-ip.server";
import { pingDatabase } from "~/server/db/client.server";
import { securityOptions } from "~/server/http/document-policy.server";
import { cacheablePaths, createPageCache } from "~/server/http/page-cache.server";
import { createPageHandler } from "~/server/http/request-handler.server";
import { securityHeadersMiddleware } from "~/server/http/security-headers.server";
import { logger } from "~/server/logger.server";
import { getSettingsVersion } from "~/server/settings/effective-config.server";
import { startServerResources as startResources, stopServerResources } from "~/server/startup.server";

// The Express app that wraps React Router. server.js mounts it after static assets; in
// development Vite loads this module on each request, so everything stateful lives on globalThis.
// Security headers, body limits and the public page cache: docs/security.md.

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

/** Sets the security headers every response carries; server.js puts it before static files too. */
export const securityHeaders = securityHeadersMiddleware(securityOptions);

// Parsed once: the proxies whose X-Forwarded-For we believe (DESIGN D16).
let trustedProxies: { raw: string | undefined; parsed: ReturnType<typeof parseTrustedProxies> } | undefined;
function trusted() {
  const raw = getServerEnv().TRUSTED_PROXIES;
  if (!trustedProxies || trustedProxies.raw !== raw) trustedProxies = { raw, parsed: parseTrustedProxies(raw) };
  return trustedProxies.parsed;
}

// DESIGN D16: the client IP from the socket, or from X-Forwarded-For when the socket is one of
// our own proxies (TRUSTED_PROXIES); loaders and actions read it as context.clientIp.
const pages = createPageHandler({
  build: loadBuild,
  getLoadContext: (req) => ({
    clientIp: resolveClientIp(req.socket.remoteAddress, req.headers["x-forwarded-for"], trusted()),
  }),
});

export const app = express();
app.disable("x-powered-by");
app.use(securityHeaders);

app.get("/healthz", async (_req, res) => {
  try {
    await pingDatabase();
    res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
  } catch (error) {
    logger.error("health check failed", { error });
    res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
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
  res.status(clientError ? status : 500);
  res.set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" });
  res.send(clientError ? "Bad request." : "Something went wrong on our side. Please try again in a moment.");
}
app.use(errorHandler);

// ─── The public page cache (issue 4 item 6, issue 7 item 6) ─────────────────────────────────────

let buildId: Promise<string> | undefined;
let paths: ReadonlySet<string> | undefined;

const pageCache = createPageCache({
  // On first use, not at import: a configuration error is reported by start-up, naming the variable.
  paths: () => (paths ??= new Set(cacheablePaths(getSiteConfig().coachSlug))),
  settingsVersion: getSettingsVersion,
  buildId: () => (buildId ??= loadBuild().then((build) => build.assets.version)),
  render: pages.render,
  siteOrigin: () => getServerEnv().SITE_ORIGIN,
  security: securityOptions,
});

/**
 * The production server's request listener: a public page from the cache when it may be (before
 * Express runs at all), otherwise `next` (server.js's Express app: static files, then `app`).
 */
export function withPageCache(next: (req: IncomingMessage, res: ServerResponse) => void) {
  return (req: IncomingMessage, res: ServerResponse) => pageCache.serve(req, res, next);
}

/** Refuses to serve a build whose coach routes (DESIGN D11) differ from the configured slug. */
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
export async function startServerResources() {
  getAuthSecret();
  await startResources();
}

export { stopServerResources };
