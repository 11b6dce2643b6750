import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OTHER_SITE_MESSAGE } from "~/server/http/form-action.server";
import { ensureBuild, freePort, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_TEST_MS } from "../support/budgets";

// A form posted from another site is refused with 403 on every page's action, as docs/security.md
// ("Authorization") says, on the built server: React Router checks the Origin header of a page's
// action before the action's own check runs, and its refusal must read the same.

const temp = makeTempDir("sc-foreign-origin-");
let server: RunningServer;

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
  const port = await freePort();
  server = await startServer({ PORT: String(port), SITE_URL: `http://localhost:${port}`, DATA_DIR: path.join(temp.dir, "data") }, INTEGRATION_LONG_MS);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await server?.stop("SIGKILL");
  temp.cleanup();
});

function post(pathname: string, origin: string, fields: Record<string, string>) {
  // Addressed as the site names itself (SITE_URL).
  return fetch(`http://localhost:${server.port}${pathname}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams(fields),
  });
}

const RESET = { token: "a".repeat(32), password: "Stronger2025", confirmPassword: "Stronger2025" };

describe("a form posted from another site", () => {
  for (const [name, pathname, fields] of [
    ["the reset-password page", "/reset-password", RESET],
    ["its data request (the page's JavaScript)", "/reset-password.data", RESET],
    ["the settings page, signed out", "/settings", { intent: "profile", fullName: "Mallory" }],
  ] as const) {
    it(`${name}: 403 with the plain refusal, from another origin or Origin: null`, async () => {
      for (const origin of ["https://evil.example", "null", `http://localhost:${server.port + 1}`]) {
        const response = await post(pathname, origin, fields);
        expect(response.status, `${pathname} from ${origin}`).toBe(403);
        expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
        expect(await response.text()).toBe(OTHER_SITE_MESSAGE);
      }
    }, INTEGRATION_TEST_MS);
  }

  it("the same form from the site itself is not refused for its origin", async () => {
    const response = await post("/reset-password", `http://localhost:${server.port}`, RESET);
    expect(response.status).not.toBe(403);
    expect(response.status).toBeLessThan(500);
  }, INTEGRATION_TEST_MS);
});
