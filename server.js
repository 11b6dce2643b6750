// The site's HTTP server: `node server.js` (production, what `npm start` runs) or
// `node server.js --dev` (Vite dev server with hot reload). In production a cached public page is
// answered before Express runs (server/app.ts withPageCache); everything else gets the security
// headers, then built assets with long-lived cache headers and compression, then React Router.
import { spawnSync } from "node:child_process";
import fs, { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";

const root = import.meta.dirname;
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const DEV = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEV ? "development" : "production";

const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");
const BUILD_ENTRY = path.join(BUILD_DIR, "server/index.js");
const BUILD_INFO = path.join(BUILD_DIR, "build-info.json");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";

/** The configuration a build bakes in: the coach's route slug (DESIGN D11). */
function buildInputs() {
  return { COACH_NAME: process.env.COACH_NAME ?? "", COACH_SLUG: process.env.COACH_SLUG ?? "" };
}

export function buildIfNeeded({ force = false } = {}) {
  const wanted = JSON.stringify(buildInputs());
  const current = existsSync(BUILD_INFO) ? readFileSync(BUILD_INFO, "utf8") : null;
  if (!force && existsSync(BUILD_ENTRY) && current === wanted) return;
  console.log(force ? "Building the site…" : "No matching build found: building the site (about a minute)…");
  const result = spawnSync(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (result.status !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
  writeFileSync(BUILD_INFO, wanted);
}

function fail(error) {
  // Configuration and lock errors carry a message meant for the person starting the server.
  const known = error && (error.name === "ConfigError" || error.name === "DataDirLockedError");
  console.error(known ? error.message : error);
  process.exit(1);
}

async function main() {
  if (process.argv.includes("--build-only")) {
    buildIfNeeded({ force: true });
    return;
  }
  const server = express();
  server.disable("x-powered-by");

  let appModule;
  if (DEV) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(compression());
    server.use(viteDevServer.middlewares);
    appModule = await viteDevServer.ssrLoadModule("./server/app.ts");
    server.use(async (req, res, next) => {
      try {
        const mod = await viteDevServer.ssrLoadModule("./server/app.ts");
        return mod.app(req, res, next);
      } catch (error) {
        if (error instanceof Error) viteDevServer.ssrFixStacktrace(error);
        next(error);
      }
    });
  } else {
    buildIfNeeded();
    appModule = await import(BUILD_ENTRY);
    await appModule.assertBuildMatchesConfig();
    server.use(appModule.securityHeaders);
    server.use(compression());
    // Fingerprinted assets never change: cache them for a year.
    server.use("/assets", express.static(path.join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }));
    // The other files of the client folder (favicon, share image…), listed once: handing every
    // request to express.static first cost a disk lookup per page (about 6 % of a signed-in
    // page's time, measured).
    const clientDir = path.join(BUILD_DIR, "client");
    const clientFiles = new Set(
      fs
        .readdirSync(clientDir, { recursive: true })
        .map((name) => `/${String(name).split(path.sep).join("/")}`)
        .filter((file) => !file.startsWith("/assets/") && fs.statSync(path.join(clientDir, file)).isFile()),
    );
    const serveClientFile = express.static(clientDir, { maxAge: "1h", index: false });
    server.use((req, res, next) => {
      let file;
      try {
        file = decodeURIComponent(req.path);
      } catch {
        return next();
      }
      return clientFiles.has(file) ? serveClientFile(req, res, next) : next();
    });
    server.use(appModule.app);
    server.use(appModule.errorHandler);
  }

  await appModule.startServerResources();

  const listener = http.createServer(DEV ? server : appModule.withPageCache(server));
  listener.listen(PORT, HOST, () => {
    const address = listener.address();
    const port = typeof address === "object" && address ? address.port : PORT;
    console.log(`Server listening on http://localhost:${port}`);
  });
  listener.on("error", fail);

  let stopping = false;
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: closing the server`);
    listener.close();
    listener.closeIdleConnections?.();
    const timer = setTimeout(() => process.exit(0), 5000);
    timer.unref();
    await appModule.stopServerResources().catch((error) => console.error(error));
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

main().catch(fail);
