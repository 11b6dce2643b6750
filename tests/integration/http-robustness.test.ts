import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { CALENDAR_FILE } from "~/server/pdf/calendar.server";
import type { CookieJar } from "../support/auth";
import { createUser } from "../../scripts/factories";
import { signIn, Site } from "../support/fuzz-site";
import { INTEGRATION_BUILD_MS } from "../support/budgets";

// The HTTP layer's rules for every response, on the built server (docs/security.md,
// "Robustness"): whatever is answered to a request with a session (documents, data requests,
// resource routes, downloads of personal data) is never stored by any cache; methods the site
// does not use and a Host header it cannot read get a 4xx with plain words, never a 500 and never
// a stack trace in the log.

const PASSWORD = "LiftHeavy2025";
let site: Site;
let member: CookieJar;
let admin: CookieJar;

beforeAll(async () => {
  site = await Site.start({
    name: "http-robustness",
    seed: async (db: Database) => {
      await createUser(db, { firstName: "Maeve", lastName: "Quinn", email: "maeve-http@example.com", password: PASSWORD, emailVerified: true });
      await createUser(db, { firstName: "Ada", lastName: "Reyes", email: "ada-http@example.com", password: PASSWORD, emailVerified: true, admin: true });
    },
  });
  member = await signIn(site, "maeve-http@example.com", PASSWORD);
  admin = await signIn(site, "ada-http@example.com", PASSWORD);
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.close();
});

/** The directives of a Cache-Control header, lower-cased. */
function directives(value: string | null | undefined): string[] {
  return (value ?? "")
    .toLowerCase()
    .split(",")
    .map((d) => d.trim())
    .filter(Boolean);
}

function varies(value: string | null | undefined): string[] {
  return directives(value);
}

describe("answers to a request with a session are never cached", () => {
  const memberPaths = [
    "/settings",
    "/settings.data",
    "/settings/data",
    "/contact",
    "/contact.data",
    "/_root.data",
    "/api/auth/get-session",
    "/learn-to-lift-checkout",
    "/no-such-page",
  ];

  it.each(memberPaths)("a member's GET %s: private, no-store, Vary: Cookie", async (path) => {
    const response = await site.send(path, { jar: member });
    await response.arrayBuffer();
    expect(response.status, path).toBeLessThan(500);
    expect(directives(response.headers.get("cache-control")), path).toEqual(expect.arrayContaining(["private", "no-store"]));
    expect(directives(response.headers.get("cache-control")), path).not.toContain("public");
    expect(varies(response.headers.get("vary")), path).toContain("cookie");
  });

  it.each(["/settings/admin/users", "/settings/admin/users.data", "/settings/admin/members.csv", "/settings/admin/users?q=maeve"])(
    "an admin's GET %s (every member's email): private, no-store, Vary: Cookie",
    async (path) => {
      const response = await site.send(path, { jar: admin });
      const body = await response.text();
      expect(response.status, path).toBe(200);
      expect(body, path).toContain("maeve-http@example.com");
      expect(directives(response.headers.get("cache-control")), path).toEqual(expect.arrayContaining(["private", "no-store"]));
      expect(varies(response.headers.get("vary")), path).toContain("cookie");
    },
  );

  it("a member's action answer (a refused name change) is private, no-store too", async () => {
    const response = await site.send("/settings?js=1", { jar: member, form: { intent: "name", name: "<b>" } });
    await response.arrayBuffer();
    expect(response.status).toBe(400);
    expect(directives(response.headers.get("cache-control"))).toEqual(expect.arrayContaining(["private", "no-store"]));
  });

  it("a redirect answered to a member is private, no-store", async () => {
    const response = await site.send("/build-stronger-foundations/interest", { jar: member });
    expect(response.status).toBe(301);
    expect(directives(response.headers.get("cache-control"))).toEqual(expect.arrayContaining(["private", "no-store"]));
  });

  it("a file that is the same for everybody keeps its own public caching, session or not", async () => {
    const response = await site.send(`/downloads/${CALENDAR_FILE}`, { jar: member });
    await response.arrayBuffer();
    expect(response.status).toBe(200);
    expect(directives(response.headers.get("cache-control"))).toContain("public");
  });

  it("a signed-out visitor's public page stays private, no-cache (revalidated, never shared)", async () => {
    const response = await site.send("/contact");
    await response.arrayBuffer();
    expect(directives(response.headers.get("cache-control"))).toEqual(["private", "no-cache"]);
  });
});

describe("methods the site does not use", () => {
  const paths = ["/", "/contact", "/settings", "/settings.data", "/api/auth/get-session", "/uploads/profile-pictures/x/1.png", "/healthz", "/sitemap.xml", "/no-such-page", "/favicon.ico"];

  it.each(paths)("TRACE %s: 405 with Allow, plain words, and nothing echoed", async (path) => {
    const answer = await site.raw(path, { method: "TRACE", headers: { cookie: member.header(), "x-secret": "do-not-echo" } });
    expect(answer.status, path).toBe(405);
    expect(answer.headers.allow, path).toBe("GET, HEAD, POST");
    expect(answer.headers["content-type"], path).toMatch(/^text\/plain/);
    expect(answer.body, path).toMatch(/does not accept TRACE/);
    expect(answer.body, path).not.toContain("do-not-echo");
    expect(answer.headers["content-security-policy"], path).toBeTruthy();
  });

  it.each(["PUT", "DELETE", "PATCH", "PROPFIND", "MKCOL", "LOCK", "PURGE", "SEARCH"])("%s on pages and resource routes: 405 with Allow", async (method) => {
    for (const path of paths) {
      const answer = await site.raw(path, { method, headers: { cookie: member.header() } });
      expect(answer.status, `${method} ${path}`).toBe(405);
      expect(answer.headers.allow, `${method} ${path}`).toBe("GET, HEAD, POST");
    }
  });

  it("OPTIONS: 204 with Allow, and no cross-origin permission", async () => {
    const answer = await site.raw("/api/auth/get-session", { method: "OPTIONS", headers: { origin: "https://evil.example", "access-control-request-method": "POST" } });
    expect(answer.status).toBe(204);
    expect(answer.headers.allow).toBe("GET, HEAD, POST");
    expect(answer.headers["access-control-allow-origin"]).toBeUndefined();
  });

  it("CONNECT: 405, the connection closed", async () => {
    const statusLine = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(site.port, "127.0.0.1", () => socket.write("CONNECT evil.example:443 HTTP/1.1\r\nHost: evil.example:443\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("close", () => resolve(received.split("\r\n")[0] ?? ""));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy());
    });
    expect(statusLine).toBe("HTTP/1.1 405 Method Not Allowed");
  });
});

describe("Host headers the site cannot read", () => {
  const paths = ["/", "/contact", "/settings", "/settings.data", "/no-such-page", "/api/auth/get-session", "/healthz"];

  it.each(paths)("an empty Host on %s: 400 with plain words", async (path) => {
    const answer = await site.raw(path, { headers: { host: "", cookie: member.header() } });
    expect(answer.status, path).toBe(400);
    expect(answer.body, path).toMatch(/Host header/);
    expect(answer.headers["cache-control"], path).toBe("no-store");
  });

  it.each(["exa mple.com", "evil.example/path", "user@evil.example", "[::1", "example.com:port", "example.com:99999", "a..b", "-bad.example"])(
    "Host %j: 400",
    async (host) => {
      const answer = await site.raw("/settings", { headers: { host } });
      expect(answer.status, host).toBe(400);
    },
  );

  it.each(["localhost", "127.0.0.1:8080", "[::1]:3000", "coach.example.co.uk", "my_app:3000"])("Host %j is served as usual", async (host) => {
    const answer = await site.raw("/no-such-page", { headers: { host } });
    expect(answer.status, host).toBe(404);
  });

  it("an HTTP/1.0 request without a Host is served on the site's own address", async () => {
    const head = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(site.port, "127.0.0.1", () => socket.write("GET /settings HTTP/1.0\r\n\r\n"));
      let received = "";
      socket.on("data", (chunk: Buffer) => (received += chunk.toString("latin1")));
      socket.on("close", () => resolve(received.split("\r\n\r\n")[0] ?? ""));
      socket.on("error", reject);
      socket.setTimeout(10_000, () => socket.destroy());
    });
    expect(head).toMatch(/^HTTP\/1\.1 302 /);
    expect(head).toMatch(/\r\nLocation: \/\r\n/i);
  });
});

describe("the log", () => {
  it("holds no stack trace and no server error after all of the above", () => {
    const log = site.output();
    expect(log).not.toMatch(/\n\s+at .+\(.*:\d+:\d+\)/);
    expect(log).not.toContain("request failed");
    expect(log).not.toMatch(/Invalid request method/);
  });
});
