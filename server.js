// The site's HTTP server: `node server.js` (production, what `npm start` runs) or
// `node server.js --dev` (Vite dev server with hot reload). In production a cached public page is
// answered before Express runs (server/app.ts withPageCache); everything else gets the security
// headers, then built assets with long-lived cache headers and compression, then React Router.
import { spawn } from "node:child_process";
import cluster from "node:cluster";
import fs, { existsSync, readFileSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import compression from "compression";
import express from "express";
import { markBuildInUse, serversUsing, takeBuildLock } from "./server/build-lock.js";

// Everything the site writes is its own alone: DATA_DIR's emails with reset links, uploads, the
// auth secret, logs (docs/security.md, "File permissions"). Set before anything is written.
process.umask(0o077);

const root = import.meta.dirname;
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));

const DEV = process.argv.includes("--dev");
process.env.NODE_ENV ??= DEV ? "development" : "production";

const BUILD_DIR = path.resolve(root, process.env.BUILD_DIR ?? "build");
const BUILD_ENTRY = path.join(BUILD_DIR, "server/index.js");
const BUILD_INFO = path.join(BUILD_DIR, "build-info.json");
const PORT = Number.parseInt(process.env.PORT || "3000", 10);
const HOST = process.env.HOST || "0.0.0.0";
/** A process of a cluster started by WEB_CONCURRENCY (set by the primary for its workers). */
const WORKER_INDEX = cluster.isWorker ? process.env.SITE_WORKER_INDEX : undefined;

/** The configuration a build bakes in: the coach's route slug (decision 002). */
function buildInputs() {
  return { COACH_NAME: process.env.COACH_NAME ?? "", COACH_SLUG: process.env.COACH_SLUG ?? "" };
}

/**
 * Lines of the build's (and the development server's) output that are nobody's business: React
 * Router 7.18 starts Vite servers of its own (to read react-router.config.ts, to compile route
 * modules and, in development, to watch for its route types: one warning each, three in
 * `npm run dev`) with `envFile: false`, an option Vite 8 deprecated. Nothing in this project's
 * configuration causes them, and nothing can be changed here to stop them; remove this once
 * React Router passes `envDir: false`.
 */
const BUILD_NOISE = [/^The `envFile` option is deprecated, please use `envDir: false` instead\.$/];

const isNoise = (text) => BUILD_NOISE.some((noise) => noise.test(String(text).replace(/\u001b\[[0-9;]*m/g, "").trim()));

/** Copies a child's output to ours line by line, leaving out the lines above. */
function forwardLines(stream, target) {
  let pending = "";
  stream.setEncoding("utf8");
  stream.on("data", (chunk) => {
    pending += chunk;
    const lines = pending.split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      // Colour codes around a message are ignored when it is compared.
      if (!isNoise(line)) target.write(`${line}\n`);
    }
  });
  stream.on("end", () => {
    if (pending) target.write(pending);
  });
}

/** The configuration a build was made for, in words: "COACH_NAME=Jo" or "the default coach". */
function describeInputs(json) {
  let inputs = {};
  try {
    inputs = JSON.parse(json ?? "{}");
  } catch {
    // An unreadable build-info.json: described as the default.
  }
  const named = Object.entries(inputs).filter(([, value]) => value);
  return named.length > 0 ? named.map(([name, value]) => `${name}=${value}`).join(", ") : "the default coach";
}

/**
 * Builds the site (React Router and Vite) when there is no build for the current configuration,
 * never under a server running on the current one (./server/build-lock.js); with `serve`, this
 * process is then recorded as running on it. Vite's list of every file it wrote is left out
 * (`--logLevel warn`): a first start prints what a person needs, warnings and errors included.
 * `npx react-router build` shows the whole listing.
 */
export async function buildIfNeeded({ force = false, serve = false } = {}) {
  const wanted = JSON.stringify(buildInputs());
  const release = await takeBuildLock(BUILD_DIR, (holder) => console.log(`Another start (pid ${holder.pid}) is building the site: waiting for it…`));
  try {
    const current = existsSync(BUILD_INFO) ? readFileSync(BUILD_INFO, "utf8") : null;
    if (force || !existsSync(BUILD_ENTRY) || current !== wanted) {
      const users = serversUsing(BUILD_DIR);
      if (users.length > 0) {
        const folder = BUILD_DIR.startsWith(root + path.sep) ? path.relative(root, BUILD_DIR) : BUILD_DIR;
        throw Object.assign(
          new Error(
            `The build in ${folder}/ (made for ${describeInputs(current)}) is in use by a running server (pid ${users.map((u) => u.pid).join(", ")}): ` +
              `building it again${current === wanted ? "" : ` for ${describeInputs(wanted)}`} would break that server's pages. ` +
              `Stop that server first, or give this one its own build folder, e.g. BUILD_DIR=build-2 npm start.`,
          ),
          { name: "BuildInUseError" },
        );
      }
      await build(force, wanted);
    }
    if (serve) markBuildInUse(BUILD_DIR);
  } finally {
    release();
  }
}

async function build(force, wanted) {
  console.log(force ? "Building the site…" : "No build for this configuration yet: building the site (about 30 seconds)…");
  const started = Date.now();
  // The build itself is not private: it is made with the usual permissions (umask 022).
  const umask = process.umask(0o022);
  let child;
  try {
    child = spawn(process.execPath, [path.join(root, "node_modules/@react-router/dev/bin.js"), "build", "--logLevel", "warn"], {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_ENV: "production" },
    });
  } finally {
    process.umask(umask);
  }
  forwardLines(child.stdout, process.stdout);
  forwardLines(child.stderr, process.stderr);
  const code = await new Promise((resolve) => child.on("close", resolve));
  if (code !== 0) {
    console.error("The build failed; see the messages above.");
    process.exit(1);
  }
  writeFileSync(BUILD_INFO, wanted);
  console.log(`Built in ${Math.round((Date.now() - started) / 1000)} s.`);
}

/** Errors whose message is written for the person starting the server: printed alone. */
const MESSAGES_FOR_PEOPLE = new Set(["BuildInUseError", "ConfigError", "DataDirLockedError", "DatabaseStartError", "PortError"]);

/** The built app once it is loaded: its logger writes unexpected errors as JSON lines, redacted. */
let loadedApp;

function fail(error) {
  if (error && MESSAGES_FOR_PEOPLE.has(error.name)) console.error(error.message);
  else if (loadedApp) loadedApp.logError("the server stopped on an unexpected error", error);
  else {
    // Before the build is loaded: the same one-line JSON shape as app/server/logger.server.ts.
    const detail = error instanceof Error ? { name: error.name, message: error.message, stack: error.stack } : String(error);
    process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: "error", msg: "the server stopped on an unexpected error", error: detail })}\n`);
  }
  process.exit(1);
}

/** A port that cannot be opened, said in one line naming PORT (or HOST) and what to do. */
function portError(error) {
  const messages = {
    EADDRINUSE: `Port ${PORT} is already in use (PORT). Stop the program using it, or set PORT to a free port, e.g. PORT=${PORT === 3000 ? 3001 : 3000} npm start.`,
    EACCES: `Port ${PORT} needs administrator rights on this machine (PORT). Set PORT to 1024 or above, e.g. PORT=3000, and put a proxy in front for port 80 or 443.`,
    EADDRNOTAVAIL: `HOST=${HOST} is not an address of this machine (HOST). Leave HOST unset to listen on every address, or set it to one of this machine's addresses.`,
    ENOTFOUND: `HOST=${HOST} is not a known host name (HOST). Leave HOST unset, or set it to one of this machine's addresses.`,
  };
  const message = messages[error?.code];
  return message ? Object.assign(new Error(message), { name: "PortError" }) : error;
}

/** Opens the port (before the database: a port in use is reported at once, and nothing is locked). */
function listen(listener) {
  return new Promise((resolve, reject) => {
    const onError = (error) => reject(portError(error));
    listener.once("error", onError);
    listener.listen(PORT, HOST, () => {
      listener.off("error", onError);
      resolve();
    });
  });
}

/** WEB_CONCURRENCY: how many processes serve requests (1 unless set; docs/decisions/202). */
function webConcurrency() {
  const raw = (process.env.WEB_CONCURRENCY ?? "").trim();
  if (raw === "") return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 64) {
    throw Object.assign(new Error(`WEB_CONCURRENCY=${raw} is not a number of processes from 1 to 64 (WEB_CONCURRENCY). Leave it unset for one, or set it to the number of CPU cores, e.g. WEB_CONCURRENCY=2.`), {
      name: "ConfigError",
    });
  }
  return n;
}

/**
 * The primary of several processes (node:cluster, docs/decisions/202): it checks the port, opens
 * the database once (the embedded server runs under it; migrations run once), then starts the
 * workers, which share the port and the database. A worker that dies is replaced; SIGTERM/SIGINT
 * stop the workers, then the database.
 */
async function runPrimary(workers) {
  await buildIfNeeded({ serve: true });
  const appModule = (loadedApp = await import(BUILD_ENTRY));
  await appModule.assertBuildMatchesConfig();
  // The port first, as with one process: a port in use is said at once, before the database.
  const probe = http.createServer();
  await listen(probe);
  const probeAddress = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  // Signals are heard from here on: a stop while the database starts waits for it, then stops it
  // (never a database left running by a server killed while starting it).
  const starting = appModule.startClusterPrimary();

  let stopping = false;
  let announced = false;
  const readyPorts = new Map();
  const fork = (index) => {
    const worker = cluster.fork({ SITE_WORKER_INDEX: String(index), PORT: String(PORT === 0 && typeof probeAddress === "object" ? probeAddress.port : PORT) });
    worker.on("message", (message) => {
      if (message?.kind === "site:ready") {
        readyPorts.set(index, message.port);
        if (!announced && readyPorts.size === workers) {
          announced = true;
          console.log(`Server listening on http://localhost:${message.port} (${workers} processes)`);
        }
      } else if (message?.kind === "site:broadcast") {
        // A worker's news for the others (e.g. settings changed: drop cached readings).
        for (const other of Object.values(cluster.workers ?? {})) if (other && other !== worker) other.send(message);
      }
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      if (!readyPorts.has(index) && code !== null && code !== 0) {
        // A worker that cannot start (bad configuration, the port) would fail again: stop.
        console.error(`A server process could not start (exit code ${code ?? signal}); see the messages above.`);
        void stop("worker failure", 1);
        return;
      }
      console.error(`A server process stopped unexpectedly (${signal ?? `exit code ${code}`}): starting another.`);
      setTimeout(() => fork(index), 500);
    });
  };
  const stop = async (reason, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    if (reason !== "worker failure") console.log(`${reason} received: closing the server`);
    void appModule.beginShutdown();
    const alive = Object.values(cluster.workers ?? {}).filter(Boolean);
    const exits = alive.map((worker) => new Promise((resolve) => worker.once("exit", resolve)));
    for (const worker of alive) worker.process.kill("SIGTERM");
    const timer = setTimeout(() => {
      for (const worker of alive) worker.process.kill("SIGKILL");
    }, 6000);
    await Promise.all(exits);
    clearTimeout(timer);
    await starting.catch(() => {});
    await appModule.stopClusterPrimary().catch((error) => appModule.logError("could not stop the database", error));
    process.exit(exitCode);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  await starting;
  if (stopping) return;
  for (let index = 0; index < workers; index++) fork(index);
}

async function main() {
  if (process.argv.includes("--build-only")) {
    await buildIfNeeded({ force: true });
    return;
  }
  const workers = DEV ? 1 : webConcurrency();
  if (cluster.isPrimary && workers > 1) return runPrimary(workers);
  const server = express();
  server.disable("x-powered-by");

  let appModule;
  if (DEV) {
    // The development server's Vite runs in this process and warns through console.warn.
    const warn = console.warn.bind(console);
    console.warn = (...args) => {
      if (!(args.length === 1 && isNoise(args[0]))) warn(...args);
    };
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    server.use(compression());
    server.use(viteDevServer.middlewares);
    appModule = loadedApp = await viteDevServer.ssrLoadModule("./server/app.ts");
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
    // A worker of several runs on the build its primary checked and recorded.
    if (cluster.isPrimary) await buildIfNeeded({ serve: true });
    appModule = loadedApp = await import(BUILD_ENTRY);
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

  // The port first, then the database: until the database is ready, requests get 503.
  // Outermost: request timing and /metrics (docs/product.md §17.3).
  // In production, before that, a public page already in the page cache is answered from memory.
  const handler = DEV ? appModule.withOperations(server) : appModule.withCachedPagesFirst(appModule.withOperations(appModule.withPageCache(server)));
  let ready = false;
  let stopping = false;
  // Requests being answered now: a graceful stop waits for them (docs/product.md §17.4).
  let inFlight = 0;
  const listener = http.createServer((req, res) => {
    inFlight += 1;
    res.once("close", () => {
      inFlight -= 1;
      // While stopping, a keep-alive connection is closed as soon as its answer is sent.
      if (stopping) setImmediate(() => listener.closeIdleConnections());
    });
    if (ready) return handler(req, res);
    res.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5" });
    res.end("The site is starting. Please try again in a few seconds.\n");
  });
  // Node hands CONNECT to this event rather than to the app; without a listener it just closes
  // the connection. This site is not a proxy: 405, as for any method it does not use.
  listener.on("connect", (_req, socket) => socket.end(appModule.connectRefusal()));
  // A graceful stop: no new connections, /readyz 503, the job worker finishes its job, the
  // requests in hand are answered (for up to SHUTDOWN_TIMEOUT_MS), then the database is closed.
  // Heard from before the database starts: a stop during start-up waits for the start to finish,
  // then stops what it started (a server killed while its database starts leaves none behind).
  let starting = Promise.resolve();
  const graceMs = Number.parseInt(process.env.SHUTDOWN_TIMEOUT_MS || "25000", 10);
  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing ${inFlight} request${inFlight === 1 ? "" : "s"} in progress, then stopping`);
    // Whatever happens below, the process ends.
    setTimeout(() => {
      appModule.logError("The server did not stop in time: exiting.");
      process.exit(1);
    }, graceMs + 15_000).unref();
    listener.close();
    listener.closeIdleConnections();
    await starting.catch(() => {});
    const worker = (appModule.beginShutdown?.() ?? Promise.resolve()).catch((error) => appModule.logError("the job worker did not stop cleanly", error));
    const deadline = Date.now() + graceMs;
    while (inFlight > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    if (inFlight > 0) {
      appModule.logError(`${inFlight} request${inFlight === 1 ? "" : "s"} still open after ${graceMs} ms (SHUTDOWN_TIMEOUT_MS): closing them.`);
      listener.closeAllConnections();
    }
    await worker;
    await appModule.stopServerResources().catch((error) => appModule.logError("could not stop cleanly", error));
    console.log("Stopped.");
    process.exit(0);
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));

  let port = PORT;
  if (WORKER_INDEX === undefined) {
    await listen(listener);
    if (stopping) return;
    const address = listener.address();
    port = typeof address === "object" && address ? address.port : PORT;
    starting = appModule.startServerResources({ port });
    await starting;
  } else {
    // A worker of several (the primary checked the port): it takes connections only once ready,
    // so a replacement for a worker that died never answers 503 while its sibling could serve.
    starting = appModule.startServerResources({ port });
    await starting;
    if (stopping) return;
    await listen(listener);
  }
  if (stopping) return;
  listener.on("error", fail);
  ready = true;
  if (WORKER_INDEX !== undefined) process.send?.({ kind: "site:ready", port });
  else console.log(`Server listening on http://localhost:${port}`);
}

main().catch(fail);
