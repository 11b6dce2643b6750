import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { childEnv, ensureBuild, freePort, makeTempDir, PROJECT_ROOT, runProcess, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// Starting the site again beside a running one (docs/decisions/253), and what start-up says:
// a second `npm start` for another coach must not rebuild the build folder a running server
// serves (its pages would then ask for assets that are gone); the refusal to run on PostgreSQL
// in production without AUTH_SECRET says what is true when NODE_ENV is unset; and the
// development server prints no warning nobody can act on.

const temp = makeTempDir("sc-second-start-");
const running: RunningServer[] = [];
// Inside the project, where the build's imports (express…) are found in node_modules.
const buildDir = path.join(PROJECT_ROOT, ".tmp", `second-start-build-${process.pid}`);

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
  // A build folder of this test's own, so that nothing it does can touch other tests' build.
  fs.cpSync(path.join(PROJECT_ROOT, process.env.BUILD_DIR ?? "build"), buildDir, { recursive: true });
  fs.rmSync(path.join(buildDir, ".servers"), { recursive: true, force: true });
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  fs.rmSync(buildDir, { recursive: true, force: true });
  temp.cleanup();
});

describe("a second start", () => {
  it("for another coach, while a server runs on the build: refused in one line, the build untouched", async () => {
    const first = await startServer({ BUILD_DIR: buildDir, DATA_DIR: path.join(temp.dir, "first") }, INTEGRATION_LONG_MS);
    running.push(first);
    const home = await (await fetch(`${first.url}/`)).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(home)![0];
    const info = fs.readFileSync(path.join(buildDir, "build-info.json"), "utf8");
    const entry = fs.statSync(path.join(buildDir, "server", "index.js")).mtimeMs;

    const second = await runProcess(process.execPath, ["server.js"], {
      env: childEnv({ NODE_ENV: "production", PORT: "0", BUILD_DIR: buildDir, DATA_DIR: path.join(temp.dir, "second"), COACH_NAME: "Ann" }),
      timeoutMs: INTEGRATION_LONG_MS,
    });
    expect(second.code, second.stdout + second.stderr).toBe(1);
    expect(second.stderr.trim()).toBe(
      `The build in ${path.relative(PROJECT_ROOT, buildDir)}/ (made for the default coach) is in use by a running server (pid ${first.child.pid}): building it again for COACH_NAME=Ann would break that server's pages. ` +
        "Stop that server first, or give this one its own build folder, e.g. BUILD_DIR=build-2 npm start.",
    );
    expect(second.stdout).not.toContain("building the site");
    expect(fs.readFileSync(path.join(buildDir, "build-info.json"), "utf8")).toBe(info);
    expect(fs.statSync(path.join(buildDir, "server", "index.js")).mtimeMs).toBe(entry);
    expect((await fetch(`${first.url}${asset}`)).status).toBe(200);
    expect(fs.existsSync(path.join(temp.dir, "second"))).toBe(false);
  }, INTEGRATION_BUILD_MS);
});

describe("start-up messages", () => {
  it("npm run dev says nothing about React Router's use of Vite's envFile option", async () => {
    const port = await freePort();
    const dev = spawn(process.execPath, ["server.js", "--dev"], {
      cwd: PROJECT_ROOT,
      env: childEnv({ PORT: String(port), DATA_DIR: path.join(temp.dir, "dev"), LOG_LEVEL: "warn" }),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    dev.stdout.on("data", (chunk) => (output += chunk));
    dev.stderr.on("data", (chunk) => (output += chunk));
    const exited = new Promise((resolve) => dev.on("exit", resolve));
    try {
      const deadline = Date.now() + 240_000;
      while (!output.includes("Server listening on") && dev.exitCode === null && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(output).toContain("Server listening on");
      // The route types' watcher and the route compiler start with the first page.
      expect((await fetch(`http://localhost:${port}/contact`)).status).toBe(200);
      expect(output).not.toContain("envFile");
    } finally {
      dev.kill("SIGTERM");
      await exited;
    }
  }, INTEGRATION_BUILD_MS);

  it("PostgreSQL without AUTH_SECRET with NODE_ENV unset: says production is assumed", async () => {
    const env = childEnv({ PORT: "0", DATABASE_URL: "postgresql://site@127.0.0.1:9/site", AUTH_SECRET: "", DATA_DIR: path.join(temp.dir, "no-secret") });
    delete env.NODE_ENV;
    const result = await runProcess(process.execPath, ["server.js"], { env, timeoutMs: INTEGRATION_LONG_MS });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      "AUTH_SECRET: must be set (32+ random characters, the same on every server) when the site runs in production on DATABASE_URL (NODE_ENV=production, which `npm start` also assumes when NODE_ENV is unset)",
    );
  }, INTEGRATION_LONG_MS);
});
