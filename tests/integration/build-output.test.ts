import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv, PROJECT_ROOT, runProcess } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_SLOW_MS } from "../support/budgets";

// What a person sees when the site is built (the first `npm start`, or `npm run build`): that it
// is building and how long it took, and any warning or error; not Vite's list of every file it
// wrote, nor deprecation notices from inside the tooling (docs/decisions/190-build-output.md).
// Under `npm test` the build made for every test is the one checked: scripts/test.js keeps its
// output in BUILD_OUTPUT_FILE (docs/decisions/271). Run alone, this file builds into a folder of its own.

const buildDir = path.join(".tmp", `build-output-${process.pid}`);

afterAll(() => {
  fs.rmSync(path.join(PROJECT_ROOT, buildDir), { recursive: true, force: true });
});

describe("the build's output", () => {
  it("is two lines: building, and built in so many seconds", async () => {
    const saved = process.env.BUILD_OUTPUT_FILE ? path.resolve(PROJECT_ROOT, process.env.BUILD_OUTPUT_FILE) : null;
    let output: string;
    let folder = buildDir;
    if (saved && fs.existsSync(saved)) {
      output = fs.readFileSync(saved, "utf8");
      folder = process.env.BUILD_DIR ?? "build";
    } else {
      const result = await runProcess(process.execPath, ["server.js", "--build-only"], {
        env: childEnv({ NODE_ENV: "production", BUILD_DIR: buildDir }),
        timeoutMs: INTEGRATION_SLOW_MS,
      });
      output = `${result.stdout}\n${result.stderr}`;
      expect(result.code, output).toBe(0);
    }
    const lines = output.split("\n").filter((line) => line.trim() !== "");
    expect(lines, lines.join("\n")).toHaveLength(2);
    expect(lines[0]).toBe("Building the site…");
    expect(lines[1]).toMatch(/^Built in \d+ s\.$/);
    expect(fs.existsSync(path.join(PROJECT_ROOT, folder, "server", "index.js"))).toBe(true);
  }, INTEGRATION_BUILD_MS);
});
