import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { ensureBuild, makeTempDir, startServer, type RunningServer } from "../support/processes";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS, INTEGRATION_STATE_MS } from "../support/budgets";

// Graceful restarts (docs/product.md §17.4): on SIGTERM the server stops taking connections,
// answers the requests in hand, stops its job worker and database, and exits 0. /healthz is
// liveness, /readyz readiness. Every log line of a request carries its request id, and none
// shows the address a visitor typed.

const temp = makeTempDir("sc-graceful-");
const running: RunningServer[] = [];

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const server of running) await server.stop("SIGKILL");
  temp.cleanup();
});

async function start(name: string, values: Record<string, string> = {}) {
  const server = await startServer({ DATA_DIR: path.join(temp.dir, name), LOG_LEVEL: "info", ...values });
  running.push(server);
  return server;
}

/**
 * A POST whose body arrives slowly: the request is in progress until the last byte is sent. It asks
 * "100 Continue" first, which the server sends as it takes the request in hand: `accepted` says so.
 */
function slowPost(port: number, pathname: string, body: string) {
  const request = http.request({
    host: "127.0.0.1",
    port,
    path: pathname,
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body), origin: `http://localhost:${port}`, expect: "100-continue" },
  });
  const accepted = new Promise<void>((resolve) => request.once("continue", () => resolve()));
  request.flushHeaders();
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    request.on("error", reject);
  });
  return { request, accepted, answered };
}

describe("graceful stop", () => {
  it("SIGTERM during a slow request: the request is answered, new connections are refused, exit code 0", async () => {
    const server = await start("slow");
    const body = new URLSearchParams({ email: "slow.sender@example.com", source: "calendar" }).toString();
    const { request, accepted, answered } = slowPost(server.port, "/api/email-list", body);
    await accepted;
    request.write(body.slice(0, 5));

    server.child.kill("SIGTERM");
    await vi.waitFor(() => expect(server.output()).toContain("SIGTERM received"), { timeout: INTEGRATION_STATE_MS });
    // No new connection is taken while the old request finishes.
    await expect(fetch(`${server.url}/healthz`)).rejects.toThrow();
    expect(server.child.exitCode).toBeNull();

    request.end(body.slice(5));
    const answer = await answered;
    expect(answer.status).toBeGreaterThanOrEqual(200);
    expect(answer.status).toBeLessThan(500);
    const exit = await server.exited;
    expect(exit.code).toBe(0);
    expect(exit.stdout).toContain("SIGTERM received: finishing 1 request in progress, then stopping");
    expect(exit.stdout).toContain("Stopped.");
  }, INTEGRATION_LONG_MS);

  it("/healthz and /readyz answer 200; every request's log line has its request id and route, not its address", async () => {
    const server = await start("probes");
    const live = await fetch(`${server.url}/healthz`);
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    const ready = await fetch(`${server.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
    expect(ready.headers.get("cache-control")).toBe("no-store");

    const page = await fetch(`${server.url}/reset-password?token=secret-reset-token-123&email=someone%40example.com`, { headers: { "x-request-id": "lb-request-0001" } });
    expect(page.headers.get("x-request-id")).toBe("lb-request-0001");
    const other = await fetch(`${server.url}/`);
    const generated = other.headers.get("x-request-id")!;
    expect(generated).toMatch(/^[0-9a-f-]{36}$/);
    // A request id that is not a plain token is replaced, on a page answered from the page cache's
    // memory too (its log line comes in a batch: docs/product.md §17.4).
    const odd = await fetch(`${server.url}/`, { headers: { "x-request-id": "<script>" } });
    expect(odd.headers.get("x-cache")).toBe("HIT");
    expect(odd.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const last = await fetch(`${server.url}/no-such-page`, { headers: { "x-request-id": "lb-request-0002" } });
    expect(last.status).toBe(404);

    // A request's log line is written as its response ends: wait for the last one's.
    const logLines = () => server.output().split("\n").filter((line) => line.startsWith("{")).map((line) => JSON.parse(line) as Record<string, unknown>);
    await vi.waitFor(() => expect(logLines().some((line) => line.msg === "request" && line.requestId === "lb-request-0002")).toBe(true), {
      timeout: INTEGRATION_STATE_MS,
    });
    const lines = logLines();
    const mine = lines.filter((line) => line.requestId === "lb-request-0001");
    expect(mine).toContainEqual(expect.objectContaining({ msg: "request", method: "GET", route: "/reset-password", status: 200 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", requestId: generated, route: "/" }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", requestId: "lb-request-0002", route: "/*", status: 404 }));
    expect(server.output()).not.toContain("secret-reset-token-123");
    expect(server.output()).not.toContain("someone");

    const exit = await server.stop("SIGTERM");
    expect(exit.code).toBe(0);
  }, INTEGRATION_LONG_MS);
});
