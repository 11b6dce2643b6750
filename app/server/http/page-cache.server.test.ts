import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./page-cache.server";

// A cached page's policy allows exactly the inline scripts in it, by hash (decision 144). Every
// public page the cache holds today carries none (they do not hydrate), so the rule is held here
// on a page that has some.

const hash = (content: string) => `sha256-${crypto.createHash("sha256").update(content, "utf8").digest("base64")}`;

describe("inlineScriptHashes", () => {
  it("hashes each inline script once, and leaves out script files and data blocks", () => {
    const page = [
      "<html><head>",
      '<script type="application/ld+json">{"@type":"Organization"}</script>',
      '<script src="/assets/islands.js" type="module"></script>',
      "</head><body>",
      "<script>window.a = 1;</script>",
      '<script type="module">import("/x.js");</script>',
      "<SCRIPT>window.a = 1;</SCRIPT >",
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(page).sort()).toEqual([hash("window.a = 1;"), hash('import("/x.js");')].sort());
  });

  it("finds none in a page without inline scripts", () => {
    expect(inlineScriptHashes('<html><body><script type="module" src="/assets/islands-abc.js"></script></body></html>')).toEqual([]);
  });
});
