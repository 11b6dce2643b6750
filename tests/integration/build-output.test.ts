import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { childEnv, PROJECT_ROOT, runProcess } from "../support/processes";

// What a person sees when the site is built (the first `npm start`, or `npm run build`): that it
// is building and how long it took, and any warning or error; not Vite's list of every file it
// wrote, nor deprecation notices from inside the tooling (docs/decisions/190-build-output.md).

const buildDir = path.join(".tmp", `build-output-${process.pid}`);

afterAll(() => {
  fs.rmSync(path.join(PROJECT_ROOT, buildDir), { recursive: true, force: true });
});

describe("the build's output", () => {
  it("is two lines: building, and built in so many seconds", async () => {
    const result = await runProcess(process.execPath, ["server.js", "--build-only"], {
      env: childEnv({ NODE_ENV: "production", BUILD_DIR: buildDir }),
      timeoutMs: 240_000,
    });
    const lines = `${result.stdout}\n${result.stderr}`.split("\n").filter((line) => line.trim() !== "");
    expect(result.code, lines.join("\n")).toBe(0);
    expect(lines, lines.join("\n")).toHaveLength(2);
    expect(lines[0]).toBe("Building the site…");
    expect(lines[1]).toMatch(/^Built in \d+ s\.$/);
    expect(fs.existsSync(path.join(PROJECT_ROOT, buildDir, "server", "index.js"))).toBe(true);
  }, 300_000);
});
