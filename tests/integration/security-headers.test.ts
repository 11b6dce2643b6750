import crypto from "node:crypto";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALENDAR_FILE } from "~/server/pdf/calendar.server";
import { ensureBuild, makeTempDir } from "../support/processes";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// Decision 140 and docs/security.md: the security headers on every kind of response of the built server (pages,
// cached pages, resource routes, static files, 404s, redirects, errors, the health check), the
// page policy's nonce and hashes against the page's own inline scripts, HSTS only in production.
// docs/security.md describes each header.

let buildProblem: string | null = null;
const temp = makeTempDir("sc-headers-");
const sites: TestSite[] = [];

beforeAll(async () => {
  buildProblem = await ensureBuild();
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  for (const site of sites) await site.stop();
  temp.cleanup();
});

async function start(name: string, env: Record<string, string> = {}): Promise<string> {
  if (buildProblem) throw new Error(buildProblem);
  const site = await startTestSite(path.join(temp.dir, name), env);
  sites.push(site);
  return site.origin;
}

/** The directives of a policy, by name. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? "").split(";")) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) map.set(name.toLowerCase(), values);
  }
  return map;
}

/** What every response must carry, whatever it is. */
function expectBaseHeaders(response: Response, label: string, { production = true } = {}) {
  const h = response.headers;
  expect(h.get("x-content-type-options"), label).toBe("nosniff");
  expect(h.get("referrer-policy"), label).toBe("strict-origin-when-cross-origin");
  const permissions = h.get("permissions-policy") ?? "";
  for (const feature of ["camera", "microphone", "geolocation", "payment", "usb"]) expect(permissions, label).toContain(`${feature}=()`);
  // The one allowance: the lessons' video players may start when pressed (app/islands/video.ts).
  expect(permissions, label).toContain('autoplay=(self "https://www.youtube-nocookie.com" "https://player.vimeo.com")');
  expect(h.get("cross-origin-opener-policy"), label).toBe("same-origin");
  expect(h.get("x-frame-options"), label).toBe("DENY");
  const csp = h.get("content-security-policy");
  expect(csp, label).toBeTruthy();
  expect(csp!.split(",").length, `${label}: one policy, not two`).toBe(1);
  expect(directives(csp).get("frame-ancestors"), label).toEqual(["'none'"]);
  if (production) expect(h.get("strict-transport-security"), label).toBe("max-age=31536000; includeSubDomains");
  else expect(h.get("strict-transport-security"), label).toBeNull();
}

/** The inline scripts of a page: [attributes, content] of each <script> without src. */
function inlineScripts(html: string): { attributes: string; content: string }[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .map((m) => ({ attributes: m[1] ?? "", content: m[2] ?? "" }))
    .filter((s) => !/\ssrc=/.test(s.attributes) && !/type="application\/ld\+json"/.test(s.attributes));
}

/** A server-rendered page's policy: strict scripts, the embed's and the payment provider's origins. */
function expectPagePolicy(policy: string | null, label: string) {
  const d = directives(policy);
  const scripts = d.get("script-src") ?? [];
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  expect(scripts, label).toContain("'self'");
  expect(scripts, label).toContain("https://app.cal.com");
  expect(d.get("object-src"), label).toEqual(["'none'"]);
  expect(d.get("base-uri"), label).toEqual(["'self'"]);
  expect(d.get("frame-src"), label).toEqual(
    expect.arrayContaining(["https://cal.com", "https://www.youtube-nocookie.com", "https://player.vimeo.com"]),
  );
  expect(d.get("form-action"), label).toEqual(["'self'", "https://checkout.stripe.com", "https://billing.stripe.com"]);
  expect(d.get("img-src"), label).toEqual(["'self'", "data:", "blob:"]);
  expect(d.get("default-src"), label).toEqual(["'self'"]);
  // Nothing allows every origin.
  for (const [name, values] of d) expect(values, `${label} ${name}`).not.toContain("*");
}

/** Signs a new member up through the site's own form (no JavaScript); returns her session cookie. */
async function signUpMember(origin: string, firstName: string, lastName: string): Promise<string> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({
      mode: "sign-up",
      firstName,
      lastName,
      email: `${firstName}.${lastName}.${crypto.randomBytes(3).toString("hex")}@example.com`.toLowerCase(),
      password: "Stronger2025",
      terms: "on",
      redirectTo: "/",
    }),
  });
  expect(response.status).toBe(302);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .filter((pair) => /^better-auth\.session_token=./.test(pair))
    .join("; ");
  expect(cookie).not.toBe("");
  return cookie;
}

/** A GET over a plain socket without compression: the status line and headers, and each HTTP chunk of the body. */
function rawChunks(url: string, headers: Record<string, string>): Promise<{ head: string; chunks: string[] }> {
  const { hostname, port, pathname } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const received: Buffer[] = [];
    socket.on("data", (data: Buffer) => received.push(data));
    socket.on("error", reject);
    socket.on("end", () => {
      socket.end();
      const all = Buffer.concat(received);
      const split = all.indexOf("\r\n\r\n");
      const head = all.subarray(0, split).toString("latin1");
      if (!/\r\ntransfer-encoding: chunked\r\n/i.test(`${head}\r\n`)) return resolve({ head, chunks: [all.subarray(split + 4).toString("utf8")] });
      const chunks: string[] = [];
      let at = split + 4;
      for (;;) {
        const lineEnd = all.indexOf("\r\n", at);
        const size = Number.parseInt(all.subarray(at, lineEnd).toString("latin1"), 16);
        if (!size) break;
        chunks.push(all.subarray(lineEnd + 2, lineEnd + 2 + size).toString("utf8"));
        at = lineEnd + 2 + size + 2;
      }
      resolve({ head, chunks });
    });
    const lines = [`GET ${pathname} HTTP/1.1`, `Host: ${hostname}:${port}`, "Connection: close", ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    // Written, not ended: a client that half-closes its side is a client gone away, and the server
    // abandons her request. The server closes the connection after its answer (Connection: close).
    socket.write(`${lines.join("\r\n")}\r\n\r\n`);
  });
}

describe("security headers on the built server (production)", () => {
  let origin = "";
  beforeAll(async () => {
    origin = await start("production");
  }, INTEGRATION_LONG_MS);

  it("gives a freshly rendered page a policy with a new nonce that its inline scripts carry", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      // A query string (or a cookie) means a fresh render, never the page cache.
      // The /auth page hydrates: React Router's inline scripts carry the nonce.
      const response = await fetch(`${origin}/auth?mode=sign-up`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBeNull();
      expectBaseHeaders(response, "fresh page");
      const policy = response.headers.get("content-security-policy");
      expectPagePolicy(policy, "fresh page");
      const nonce = (directives(policy).get("script-src") ?? []).find((v) => v.startsWith("'nonce-"))?.slice(7, -1);
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scripts = inlineScripts(await response.text());
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script.attributes).toContain(`nonce="${nonce}"`);
      nonces.push(nonce!);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  it("sends a signed-in page whole: its loader data inline, no streamed boundaries (decision 172)", async () => {
    // A member signs up through the site's own form (no JavaScript) and opens her settings.
    const cookie = await signUpMember(origin, "Ailsa", "Whole");
    // Read as it comes off the wire (no compression): one piece, not one per React write.
    const { head, chunks } = await rawChunks(`${origin}/settings`, { cookie });
    expect(head).toMatch(/^HTTP\/1\.1 200 /);
    expect(chunks.length).toBe(1);
    const html = chunks.join("");
    expect(html).toContain("Ailsa");
    // React Router's serialized loader data, enqueued and closed in the page itself…
    expect(html).toContain("window.__reactRouterContext.streamController.enqueue(");
    expect(html.indexOf("window.__reactRouterContext.streamController.close()")).toBeLessThan(html.indexOf("</body>"));
    // …not sent after the page as hidden Suspense boundaries that a script of React's moves in.
    expect(html).not.toMatch(/<template id="B:\d+"/);
    expect(html).not.toContain("$RC(");
  });

  // No cached page hydrates (decisions 170 and 285), so none has an inline script, and the policy
  // allows none; the hashes a cached page with inline scripts would get are held by
  // app/server/http/page-cache.server.test.ts.
  it.each(["/contact", "/build-stronger-foundations-checkout"])("allows no inline script at all on a cached page that does not hydrate: %s", async (page) => {
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${origin}${page}`);
      expect(response.status).toBe(200);
      expect(response.headers.get("x-cache")).toBe(i === 0 ? "MISS" : "HIT");
      expectBaseHeaders(response, "cached page without hydration");
      const policy = response.headers.get("content-security-policy");
      expectPagePolicy(policy, "cached page without hydration");
      const scripts = directives(policy).get("script-src") ?? [];
      expect(scripts.filter((v) => v.startsWith("'sha256-") || v.startsWith("'nonce-") || v === "'unsafe-inline'")).toEqual([]);
      const html = await response.text();
      expect(inlineScripts(html)).toEqual([]);
      expect(html).toMatch(/<script type="module" src="\/assets\/islands-[\w-]+\.js"><\/script>/);
    }
  });

  it("sets them on resource routes, static files, 404s, redirects, errors and the health check", async () => {
    const assetPath = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(await (await fetch(`${origin}/`)).text())?.[1];
    expect(assetPath).toBeTruthy();
    const cases: { label: string; path: string; init?: RequestInit; status: number; policy?: "page" | "resource" | "pdf" }[] = [
      { label: "health check", path: "/healthz", status: 200, policy: "resource" },
      { label: "static file", path: "/favicon.svg", status: 200, policy: "resource" },
      { label: "fingerprinted asset", path: assetPath!, status: 200, policy: "resource" },
      { label: "sitemap (cached)", path: "/sitemap.xml", status: 200, policy: "resource" },
      { label: "robots (fresh)", path: "/robots.txt?x=1", status: 200, policy: "resource" },
      { label: "PDF download", path: `/downloads/${CALENDAR_FILE}`, status: 200, policy: "pdf" },
      { label: "missing download", path: "/downloads/nothing.pdf", status: 404, policy: "resource" },
      { label: "missing upload", path: "/uploads/profile-pictures/nobody/1.png", status: 404, policy: "resource" },
      { label: "404 page", path: "/no-such-page-here", status: 404, policy: "page" },
      { label: "guard redirect", path: "/settings", status: 302, policy: "resource" },
      { label: "permanent redirect", path: "/build-stronger-foundations/interest", status: 301, policy: "resource" },
      { label: "data request", path: "/terms.data", status: 200, policy: "resource" },
      {
        label: "bad JSON to an API",
        path: "/api/auth/sign-in/email",
        init: { method: "POST", headers: { "content-type": "application/json", origin }, body: "{not json" },
        status: 400,
      },
      {
        label: "body too large",
        path: "/api/email-list",
        init: { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "x=" + "a".repeat(200_000) },
        status: 413,
        policy: "resource",
      },
      { label: "method not allowed", path: "/terms", init: { method: "POST", headers: { origin } }, status: 405 },
      { label: "HEAD of a page", path: "/privacy", init: { method: "HEAD" }, status: 200, policy: "page" },
    ];
    for (const c of cases) {
      const response = await fetch(`${origin}${c.path}`, { redirect: "manual", ...c.init });
      await response.arrayBuffer();
      expect(response.status, c.label).toBe(c.status);
      expectBaseHeaders(response, c.label);
      const policy = response.headers.get("content-security-policy");
      if (c.policy === "page") expectPagePolicy(policy, c.label);
      if (c.policy === "resource") expect(directives(policy).get("default-src"), c.label).toEqual(["'none'"]);
      if (c.policy === "pdf") expect(policy, c.label).toBe("frame-ancestors 'none'");
    }
  });

  it("keeps a route's own policy (an SVG avatar's) and still forbids framing", async () => {
    // Sign-up stores an initials avatar as SVG, which the uploads route serves with its own policy.
    const cookie = await signUpMember(origin, "Ffion", "Headers");
    const page = await (await fetch(`${origin}/`, { headers: { cookie } })).text();
    const avatar = /\/uploads\/profile-pictures\/[^"]+\.svg/.exec(page)?.[0];
    expect(avatar).toBeTruthy();
    const response = await fetch(`${origin}${avatar}`);
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expectBaseHeaders(response, "svg upload");
    expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'");
  });
});

describe("security headers outside production", () => {
  it("sends no Strict-Transport-Security, and reports the page policy without enforcing it", async () => {
    const origin = await start("development", { NODE_ENV: "development" });
    for (const path of ["/healthz", "/terms?x=1", "/favicon.svg"]) {
      const response = await fetch(`${origin}${path}`);
      await response.arrayBuffer();
      expect(response.status, path).toBe(200);
      expectBaseHeaders(response, path, { production: false });
    }
    const page = await fetch(`${origin}/terms?x=1`);
    expectPagePolicy(page.headers.get("content-security-policy-report-only"), "development page");
    expect(page.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
  });
});
