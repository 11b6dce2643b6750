import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuild, makeTempDir, startServer } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// GET /metrics (docs/product.md §17.3): only with the METRICS_TOKEN bearer token (404 when none is
// configured, 401 for a wrong one); Prometheus text with the process metrics, request durations by
// route pattern and status class (never the URL), the page cache, the job queue, emails, sign-ups
// and purchases.

const temp = makeTempDir("sc-metrics-");
const TOKEN = "metrics-token-0123456789abcdef";
let site: TestSite;

beforeAll(async () => {
  const problem = await ensureBuild();
  if (problem) throw new Error(problem);
  // At info, so that the batched line for pages answered from memory can be read.
  site = await startTestSite(temp.dir, { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info" });
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

const scrape = (token: string | null) =>
  fetch(`${site.server.url}/metrics`, token === null ? {} : { headers: { authorization: `Bearer ${token}` } });

/** The value of one sample line, e.g. value(text, 'signups_total'). */
function value(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${sample} `));
  if (!line) throw new Error(`no sample ${sample} in:\n${text.slice(0, 2000)}`);
  return Number(line.slice(sample.length + 1));
}

describe("GET /metrics", () => {
  it("401 without the token or with a wrong one; nothing measured is shown", async () => {
    for (const token of [null, "wrong-token-0123456789abcdef", `${TOKEN}x`]) {
      const response = await scrape(token);
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("process_");
    }
  });

  it("with the token: Prometheus text, process metrics, requests by route pattern and status class", async () => {
    const { origin } = site;
    await fetch(`${site.server.url}/`);
    await fetch(`${site.server.url}/`);
    await fetch(`${site.server.url}/no-such-page-7f3a9`);
    // A sign-up: counted, and its confirmation email too.
    const signUp = await fetch(`${origin}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ mode: "sign-up", firstName: "Cerys", lastName: "Evans", email: "cerys.evans@example.com", password: "Stronger2025", terms: "on", redirectTo: "/" }),
    });
    expect(signUp.status).toBe(302);

    const response = await scrape(TOKEN);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(value(text, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000);
    expect(text).toContain("nodejs_eventloop_lag_seconds");
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/",status_class="2xx"}')).toBeGreaterThanOrEqual(2);
    expect(value(text, 'http_request_duration_seconds_count{method="GET",route="/*",status_class="4xx"}')).toBeGreaterThanOrEqual(1);
    expect(text).toContain('http_request_duration_seconds_bucket{le="0.1",method="GET",route="/",status_class="2xx"}');
    // Never the raw URL.
    expect(text).not.toContain("no-such-page-7f3a9");
    expect(value(text, 'page_cache_requests_total{outcome="hit"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, 'page_cache_requests_total{outcome="miss"}')).toBeGreaterThanOrEqual(1);
    expect(value(text, "signups_total")).toBe(1);
    expect(value(text, 'purchases_total{kind="checkout"}')).toBe(0);
    expect(text).toContain("# TYPE job_queue_jobs gauge");
    expect(text).toContain("# TYPE job_failures_total counter");
    // The confirmation email goes out just after the answer.
    let sent = 0;
    for (let i = 0; i < 50 && sent < 1; i++) {
      sent = value(await (await scrape(TOKEN)).text(), 'emails_total{outcome="sent"}');
      if (sent < 1) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sent).toBe(1);
  });
});

describe("pages answered from the page cache's memory", () => {
  it("are counted in the metrics and said in one log line per batch, not one per request", async () => {
    const hitsNow = async () => value(await (await scrape(TOKEN)).text(), 'page_cache_requests_total{outcome="hit"}');
    const batchLines = () =>
      site.server
        .output()
        .split("\n")
        .filter((line) => line.includes('"requests answered from the page cache"'))
        .map((line) => JSON.parse(line) as { count: number; routes: Record<string, number> });
    // The first request renders the page. A hit is answered from memory while the site's settings
    // were read in the last two seconds; on a slow machine a hit may take the usual way instead, so
    // the test asks until a batch has been logged (each scrape adds the batch at once).
    expect((await fetch(`${site.server.url}/terms`)).headers.get("x-cache")).toBe("MISS");
    let lines = batchLines().length;
    for (let attempt = 0; attempt < 50 && batchLines().length === lines; attempt++) {
      const before = await hitsNow();
      lines = batchLines().length;
      const responses = await Promise.all([1, 2, 3].map(() => fetch(`${site.server.url}/terms`)));
      expect(responses.map((r) => r.headers.get("x-cache"))).toEqual(["HIT", "HIT", "HIT"]);
      expect(await hitsNow()).toBe(before + 3);
    }
    const batch = batchLines().at(-1)!;
    expect(batch.routes["/terms"]).toBeGreaterThanOrEqual(1);
    expect(batch.count).toBe(Object.values(batch.routes).reduce((a, b) => a + b, 0));
  }, INTEGRATION_LONG_MS);
});

describe("without METRICS_TOKEN", () => {
  it("/metrics does not exist (404), token or not", async () => {
    const server = await startServer({ DATA_DIR: `${temp.dir}/no-token`, LOG_LEVEL: "error" });
    try {
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await server.stop("SIGKILL");
    }
  }, INTEGRATION_LONG_MS);
});
