import type http from "node:http";
import { get as httpGet } from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cacheablePaths, chooseEncoding, createPageCache, inlineScriptHashes, isCacheableRequest } from "~/server/http/page-cache.server";
import { sitemapPaths } from "~/routes/seo/sitemap";
import { ensureBuild, makeTempDir } from "../support/processes";
import { waitForLink } from "../support/outbox";
import { startTestSite, type TestSite } from "../support/test-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// The public page cache (decisions 143 and 144; app/server/http/page-cache.server.ts).
// First the cache on its own, with a stand-in renderer; then the built server: hits and misses,
// ETags and 304s, and above all that no signed-in member's page is ever stored or served to
// anybody else, and that an admin's price change reaches the cached page.

const SECURITY = { production: true, siteOrigin: "https://example.com" };

function fakeReq(url: string, headers: http.IncomingHttpHeaders = {}, method = "GET") {
  return { url, method, headers } as http.IncomingMessage;
}

/** A ServerResponse stand-in that records what the cache wrote. */
function fakeRes() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  const res = {
    status: 0,
    headers: {} as Record<string, string>,
    body: Buffer.alloc(0) as Buffer,
    done: { promise, resolve: () => resolve() },
    writeHead(status: number, flat: string[]) {
      res.status = status;
      for (let i = 0; i < flat.length; i += 2) res.headers[flat[i]!.toLowerCase()] = flat[i + 1]!;
      return res;
    },
    end(body?: Buffer) {
      if (body) res.body = body;
      res.done.resolve();
    },
  };
  return res;
}

describe("the page cache on its own", () => {
  const paths = new Set(["/", "/terms"]);

  function setup(render: (request: Request) => Response | Promise<Response>) {
    let version = "v1";
    let renders = 0;
    const cache = createPageCache({
      paths: () => paths,
      settingsVersion: async () => version,
      buildId: async () => "build-1",
      render: async (request) => {
        renders++;
        return render(request);
      },
      siteOrigin: () => "https://example.com",
      security: () => SECURITY,
    });
    async function get(url: string, headers: http.IncomingHttpHeaders = {}) {
      const res = fakeRes();
      let passedOn = false;
      cache.serve(fakeReq(url, headers), res as unknown as http.ServerResponse, () => {
        passedOn = true;
        res.done.resolve();
      });
      await res.done.promise;
      return { ...res, passedOn };
    }
    return { cache, get, setVersion: (v: string) => (version = v), renders: () => renders };
  }

  const page = (text: string) =>
    new Response(`<!DOCTYPE html><html><body>${text}<script>window.x=1</script></body></html>`, {
      headers: { "Content-Type": "text/html" },
    });

  it("renders once, then serves from memory, precompressed, with a strong ETag and 304", async () => {
    const { get, renders } = setup(() => page("Hello"));
    const first = await get("/", { "accept-encoding": "gzip, deflate, br" });
    expect(first.headers["x-cache"]).toBe("MISS");
    expect(first.headers["content-encoding"]).toBe("br");
    expect(zlib.brotliDecompressSync(first.body).toString()).toContain("Hello");
    const second = await get("/", { "accept-encoding": "gzip" });
    expect(second.headers["x-cache"]).toBe("HIT");
    expect(zlib.gunzipSync(second.body).toString()).toContain("Hello");
    expect(second.headers.etag).toMatch(/^"[\w-]+-gz"$/);
    expect(second.headers.vary).toBe("Cookie, Accept-Encoding");
    expect(second.headers["cache-control"]).toBe("private, no-cache");
    const plain = await get("/");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toContain("Hello");
    const notModified = await get("/", { "accept-encoding": "gzip", "if-none-match": second.headers.etag });
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(renders()).toBe(1);
  });

  it("allows the page's inline scripts by their hashes", async () => {
    const { get } = setup(() => page("Hashes"));
    const response = await get("/");
    const policy = response.headers["content-security-policy"]!;
    expect(policy).toContain(`'${inlineScriptHashes(response.body.toString())[0]}'`);
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it("never renders for, nor answers, a request with a cookie, an Authorization header or a query", async () => {
    const { get, renders } = setup(() => page("Anonymous"));
    for (const [url, headers] of [
      ["/", { cookie: "better-auth.session_token=abc.def" }],
      ["/", { cookie: "sc_toast=xyz" }],
      ["/", { cookie: "anything=1" }],
      ["/", { authorization: "Bearer abc" }],
      ["/?utm_source=newsletter", {}],
      ["/settings", {}],
      ["/terms/", {}],
    ] as const) {
      const response = await get(url, headers);
      expect(response.passedOn, `${url} ${JSON.stringify(headers)}`).toBe(true);
    }
    expect(renders()).toBe(0);
    expect(isCacheableRequest(fakeReq("/", {}, "POST"), paths)).toBe(false);
    expect(isCacheableRequest(fakeReq("/", {}, "HEAD"), paths)).toBe(true);
  });

  it("keeps nothing that sets a cookie or is not a 200, and renders once for many at once", async () => {
    const cookieCache = setup(() => new Response("<html></html>", { headers: { "Content-Type": "text/html", "Set-Cookie": "a=1" } }));
    expect((await cookieCache.get("/")).passedOn).toBe(true);
    const missing = setup(() => new Response("gone", { status: 404 }));
    expect((await missing.get("/")).passedOn).toBe(true);

    const slow = setup(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return page("Slow");
    });
    const answers = await Promise.all(Array.from({ length: 20 }, () => slow.get("/terms")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(slow.renders()).toBe(1);
  });

  it("renders again when the settings version changes", async () => {
    let price = "£300";
    const { get, setVersion, renders } = setup(() => page(`Price ${price}`));
    expect((await get("/")).body.toString()).toContain("£300");
    price = "£315";
    expect((await get("/")).body.toString()).toContain("£300");
    setVersion("v2");
    const after = await get("/");
    expect(after.headers["x-cache"]).toBe("MISS");
    expect(after.body.toString()).toContain("£315");
    expect(renders()).toBe(2);
  });

  it("fills the cache with a request of its own: no visitor header reaches the renderer", async () => {
    const seen: Request[] = [];
    const { get } = setup((request) => {
      seen.push(request);
      return page("Own request");
    });
    await get("/", { host: "evil.example", "x-forwarded-host": "evil.example", "accept-language": "fr", "user-agent": "bot" });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.url).toBe("https://example.com/");
    expect([...seen[0]!.headers.keys()]).toEqual(["accept"]);
  });

  it("answers a page already in memory before anything else, with the headers of a hit on the usual path", async () => {
    let version = "v1";
    let fresh = true;
    const answered: unknown[] = [];
    const cache = createPageCache({
      paths: () => paths,
      settingsVersion: async () => version,
      settingsVersionNow: () => (fresh ? version : undefined),
      buildId: async () => "build-1",
      render: async () => page("Fast"),
      siteOrigin: () => "https://example.com",
      security: () => SECURITY,
      admits: (req) => req.headers.host !== "not a host",
      onMemoryAnswer: (method, path, status) => answered.push([method, path, status]),
    });
    const usual = async (url: string, headers: http.IncomingHttpHeaders = {}) => {
      const res = fakeRes();
      cache.serve(fakeReq(url, headers), res as unknown as http.ServerResponse, () => res.done.resolve());
      await res.done.promise;
      return res;
    };
    const fast = (url: string, headers: http.IncomingHttpHeaders = {}, method = "GET") => {
      const res = fakeRes();
      const done = cache.answerFromMemory(fakeReq(url, headers, method), res as unknown as http.ServerResponse, () => "request-id-123");
      return { done, res };
    };
    // Nothing in memory yet: the usual path renders it.
    expect(fast("/", { "accept-encoding": "gzip" }).done).toBe(false);
    expect((await usual("/", { "accept-encoding": "gzip" })).headers["x-cache"]).toBe("MISS");
    const usualHit = await usual("/", { "accept-encoding": "gzip" });
    expect(usualHit.headers["x-cache"]).toBe("HIT");

    const { done, res } = fast("/", { "accept-encoding": "gzip" });
    expect(done).toBe(true);
    expect(res.status).toBe(200);
    expect(res.headers).toEqual({ ...usualHit.headers, "x-request-id": "request-id-123" });
    expect(res.body.equals(usualHit.body)).toBe(true);
    expect(answered).toEqual([["GET", "/", 200]]);

    const notModified = fast("/", { "accept-encoding": "gzip", "if-none-match": usualHit.headers.etag });
    expect(notModified.res.status).toBe(304);
    expect(notModified.res.body.length).toBe(0);
    expect(notModified.res.headers.etag).toBe(usualHit.headers.etag);
    const head = fast("/", { "accept-encoding": "gzip" }, "HEAD");
    expect(head.res.status).toBe(200);
    expect(head.res.body.length).toBe(0);

    // Anything else is left to the usual path, untouched.
    for (const [url, headers, method] of [
      ["/", { cookie: "better-auth.session_token=abc.def" }, "GET"],
      ["/", { authorization: "Bearer abc" }, "GET"],
      ["/?utm_source=newsletter", {}, "GET"],
      ["/terms", {}, "GET"],
      ["/", {}, "POST"],
      ["/", { host: "not a host" }, "GET"],
    ] as const) {
      const attempt = fast(url, headers, method);
      expect(attempt.done, `${method} ${url} ${JSON.stringify(headers)}`).toBe(false);
      expect(attempt.res.status).toBe(0);
    }
    // A reading of the settings that is not fresh, or a new version: the usual path decides.
    fresh = false;
    expect(fast("/").done).toBe(false);
    fresh = true;
    version = "v2";
    expect(fast("/").done).toBe(false);
    expect((await usual("/")).headers["x-cache"]).toBe("MISS");
    expect(fast("/").done).toBe(true);
  });

  it("chooses br, then gzip, honouring q=0", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("identity")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
  });

  it("lists every public page of the sitemap, and nothing of the account or admin", () => {
    const list = cacheablePaths("jo");
    for (const p of sitemapPaths("jo")) expect(list).toContain(p);
    expect(list.filter((p) => /settings|admin|payment-success|reset-password|email\/|auth|api|uploads|downloads/.test(p))).toEqual([]);
  });
});

// ─── The built server ───────────────────────────────────────────────────────────────────────────

let buildProblem: string | null = null;
const temp = makeTempDir("sc-page-cache-");
let site: TestSite | undefined;
let origin = "";
const ADMIN_EMAIL = "cache.admin@example.com";

beforeAll(async () => {
  buildProblem = await ensureBuild();
  if (buildProblem) return;
  site = await startTestSite(temp.dir, { ADMIN_EMAILS: ADMIN_EMAIL });
  origin = site.origin;
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.stop();
  temp.cleanup();
});

function requireServer() {
  if (buildProblem) throw new Error(buildProblem);
}

async function signUp(firstName: string, lastName: string, email: string): Promise<string> {
  const response = await fetch(`${origin}/auth`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin },
    body: new URLSearchParams({ mode: "sign-up", firstName, lastName, email, password: "Stronger2025", terms: "on", redirectTo: "/" }).toString(),
  });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().map((c) => c.split(";")[0] ?? "").filter((c) => c.startsWith("better-auth.")).join("; ");
}

const PAGES = cacheablePaths("jo").filter((p) => !p.endsWith(".xml") && !p.endsWith(".txt"));

describe("the page cache on the built server", () => {
  const member = { firstName: "Perpetua", lastName: "Quillfeather", email: "perpetua.quillfeather@example.com" };
  let cookie = "";

  it("never stores a signed-in member's page, nor shows her a cached one", async () => {
    requireServer();
    cookie = await signUp(member.firstName, member.lastName, member.email);
    // Signed in first, on a cold cache: if her requests filled it, the anonymous ones below would hit.
    for (const p of PAGES) {
      const response = await fetch(`${origin}${p}`, { headers: { cookie } });
      expect(response.status, p).toBe(200);
      expect(response.headers.get("x-cache"), p).toBeNull();
      expect(response.headers.get("cache-control"), p).toBe("private, no-store");
      const html = await response.text();
      // Hers: the avatar that links to her settings, with her own picture (generated at sign-up).
      expect(html, p).toContain('aria-label="Profile Settings"');
      expect(html, p).toMatch(/\/uploads\/profile-pictures\/[^"]+/);
    }
    for (const p of PAGES) {
      const response = await fetch(`${origin}${p}`);
      expect(response.headers.get("x-cache"), p).toBe("MISS");
      const html = await response.text();
      for (const secret of [member.firstName, member.lastName, member.email, "Perpetua", "better-auth", "profile-pictures", 'aria-label="Profile Settings"']) {
        expect(html, p).not.toContain(secret);
      }
      expect(html, p).not.toContain("nonce=");
    }
    // And once cached, she still gets her own page, rendered for her: her avatar links to her
    // settings where a visitor has the Login button.
    for (const p of PAGES) {
      const response = await fetch(`${origin}${p}`, { headers: { cookie } });
      expect(response.headers.get("x-cache"), p).toBeNull();
      const html = await response.text();
      expect(html, p).toContain('aria-label="Profile Settings"');
      expect(html, p).not.toContain('aria-label="Login"');
    }
  }, INTEGRATION_LONG_MS);

  it("serves the second anonymous request from memory, with ETag and 304", async () => {
    requireServer();
    const first = await fetch(`${origin}/community`, { headers: { "accept-encoding": "gzip" } });
    const html = await first.text();
    const second = await fetch(`${origin}/community`, { headers: { "accept-encoding": "gzip" } });
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(await second.text()).toBe(html);
    const etag = second.headers.get("etag")!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(second.headers.get("vary")).toBe("Cookie, Accept-Encoding");
    expect(second.headers.get("cache-control")).toBe("private, no-cache");
    const notModified = await fetch(`${origin}/community`, { headers: { "accept-encoding": "gzip", "if-none-match": etag } });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("etag")).toBe(etag);
    const head = await fetch(`${origin}/community`, { method: "HEAD", headers: { "accept-encoding": "gzip" } });
    expect(head.headers.get("x-cache")).toBe("HIT");
    expect(head.headers.get("etag")).toBe(etag);
  });

  it("renders fresh for a flash toast, a query string or a cancelled checkout", async () => {
    requireServer();
    const toast = await fetch(`${origin}/`, { headers: { cookie: "sc_toast=anything" } });
    expect(toast.headers.get("x-cache")).toBeNull();
    const utm = await fetch(`${origin}/?utm_source=newsletter`);
    expect(utm.headers.get("x-cache")).toBeNull();
    const cancelled = await fetch(`${origin}/learn-to-lift-checkout?cancelled=true`);
    expect(cancelled.headers.get("x-cache")).toBeNull();
    const plainCheckout = await (await fetch(`${origin}/learn-to-lift-checkout`)).text();
    const cancelledHtml = await cancelled.text();
    expect(cancelledHtml).not.toBe(plainCheckout);
  });

  it("shows an admin's new price on the cached page at once", async () => {
    requireServer();
    const before = await fetch(`${origin}/learn-to-lift`);
    await before.arrayBuffer();
    const cached = await fetch(`${origin}/learn-to-lift`);
    expect(cached.headers.get("x-cache")).toBe("HIT");
    const beforeHtml = await cached.text();
    expect(beforeHtml).toContain("£300");
    expect(beforeHtml).not.toContain("£315");

    const admin = await signUp("Cache", "Admin", ADMIN_EMAIL);
    // ADMIN_EMAILS makes her an administrator once she confirms her address logged in (docs/product.md §7.10).
    const verify = new URL(await waitForLink(site!.dataDir, ADMIN_EMAIL, /\/verify-email\?token=/));
    const confirmed = await fetch(`${origin}/verify-email`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: admin },
      body: new URLSearchParams({ token: verify.searchParams.get("token")! }),
    });
    expect(confirmed.headers.get("location")).toBe("/settings/admin");
    const next = new Date();
    const year = next.getUTCFullYear() + 1;
    const change = await fetch(`${origin}/settings/admin/offers`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: admin },
      body: new URLSearchParams({
        intent: "update-offers",
        "price:learn-to-lift": "315",
        "price:stronger-with-jo": "477",
        "price:build-stronger-foundations": "20",
        nextCohortDate: `${year}-03-08T09:00`,
      }).toString(),
    });
    expect(change.status).toBe(303);

    const after = await fetch(`${origin}/learn-to-lift`);
    expect(after.headers.get("x-cache")).toBe("MISS");
    const afterHtml = await after.text();
    expect(afterHtml).toContain("£315");
    const again = await fetch(`${origin}/learn-to-lift`);
    expect(again.headers.get("x-cache")).toBe("HIT");
  });

  it("answers a hit with the rendered answer's very headers, name for name and in order", async () => {
    requireServer();
    // After the price change above: the cache's pages are of the old version, so this one renders first.
    const raw = (path: string) =>
      new Promise<{ status: number; headers: string[] }>((resolve, reject) => {
        const request = httpGet(`${origin}${path}`, { headers: { "accept-encoding": "br" } }, (response) => {
          response.resume();
          response.on("end", () => resolve({ status: response.statusCode!, headers: response.rawHeaders }));
        });
        request.on("error", reject);
      });
    // Per answer by nature: the request's id and the date. The rest must be byte for byte the same.
    const fixed = (headers: string[]) => headers.map((item, i) => (i % 2 === 1 && /^(x-request-id|date)$/i.test(headers[i - 1]!) ? "…" : item));
    const miss = await raw("/coaching-services");
    expect(miss.status).toBe(200);
    const hits = [await raw("/coaching-services"), await raw("/coaching-services")];
    for (const hit of hits) {
      expect(hit.status).toBe(200);
      expect(fixed(hit.headers)).toEqual(fixed(miss.headers).map((item) => (item === "MISS" ? "HIT" : item)));
    }
    expect(miss.headers).toContain("MISS");
    expect(miss.headers.filter((item) => /^x-request-id$/i.test(item))).toHaveLength(1);
  });
});
