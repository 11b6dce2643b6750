import { describe, expect, it } from "vitest";
import { routePatternMatcher } from "./route-pattern.server";

// Metrics label requests by their route's pattern, never by the URL a visitor typed.

const manifest = {
  root: { id: "root", path: "" },
  "routes/home": { id: "routes/home", parentId: "root", index: true },
  "routes/article": { id: "routes/article", parentId: "root", path: "articles/:slug" },
  "routes/auth": { id: "routes/auth", parentId: "root", path: "api/auth/*" },
  "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*" },
};

describe("routePatternMatcher", () => {
  const pattern = routePatternMatcher(manifest);
  it("gives the pattern, not the path", () => {
    expect(pattern("/")).toBe("/");
    expect(pattern("/articles/squats-for-beginners")).toBe("/articles/:slug");
    expect(pattern("/api/auth/sign-in/email")).toBe("/api/auth/*");
    expect(pattern("/assets/entry-abc123.js")).toBe("/assets/*");
  });
  it("anything else falls to the catch-all, whatever was typed", () => {
    expect(pattern("/wp-admin/../../etc/passwd")).toBe("/*");
    expect(pattern("/a-random-path-12345")).toBe("/*");
  });
});
