import { createRequestHandler } from "@react-router/express";
import express from "express";
import type { ServerBuild } from "react-router";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import { ConfigError } from "~/config/site";
import { getAuthSecret } from "~/server/auth-secret.server";
import { parseTrustedProxies, resolveClientIp } from "~/server/client-ip.server";
import { pingDatabase } from "~/server/db/client.server";
import { logger } from "~/server/logger.server";
import { startServerResources as startResources, stopServerResources } from "~/server/startup.server";

// The Express app that wraps React Router. server.js mounts it after static assets; in
// development Vite loads this module on each request, so everything stateful lives on globalThis.

const loadBuild = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;

export const app = express();
app.disable("x-powered-by");

app.get("/healthz", async (_req, res) => {
  try {
    await pingDatabase();
    res.status(200).set("Cache-Control", "no-store").json({ status: "ok" });
  } catch (error) {
    logger.error("health check failed", { error });
    res.status(503).set("Cache-Control", "no-store").json({ status: "unavailable" });
  }
});

// DESIGN D16: the client IP from the socket, or from X-Forwarded-For when the socket is one of
// our own proxies (TRUSTED_PROXIES); loaders and actions read it as context.clientIp.
app.use(
  createRequestHandler({
    build: loadBuild,
    getLoadContext: (req) => ({
      clientIp: resolveClientIp(
        req.socket.remoteAddress,
        req.headers["x-forwarded-for"],
        parseTrustedProxies(getServerEnv().TRUSTED_PROXIES),
      ),
    }),
  }),
);

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
