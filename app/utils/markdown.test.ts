import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isSafeLink, markdownToText, renderMarkdown } from "./markdown";

describe("renderMarkdown, basic profile (short texts on public pages)", () => {
  it("renders paragraphs, line breaks, bold, italic, links and lists", () => {
    const html = renderMarkdown("First **strong** and *gentle*.\nNext line.\n\n- one\n- two\n\n1. first\n2. second\n\n[Book a call](/contact#consultation)");
    expect(html).toContain("<p>First <strong>strong</strong> and <em>gentle</em>.<br>\nNext line.</p>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n<li>second</li>\n</ol>");
    expect(html).toContain('<a href="/contact#consultation">Book a call</a>');
  });

  it("opens links to other sites in a new tab without giving them a handle on ours, and says so to a screen reader", () => {
    expect(renderMarkdown("[NHS](https://www.nhs.uk/conditions/menopause/)")).toContain(
      '<a href="https://www.nhs.uk/conditions/menopause/" rel="noopener noreferrer" target="_blank">NHS<span class="sr-only"> (opens in a new tab)</span></a>',
    );
    expect(renderMarkdown("[Learn to Lift](/learn-to-lift)")).toContain('<a href="/learn-to-lift">Learn to Lift</a>');
    expect(renderMarkdown("Write to jo@example.com")).toContain('<a href="mailto:jo@example.com">jo@example.com</a>');
  });

  it("shows headings, pictures, code and raw HTML as the text typed", () => {
    const html = renderMarkdown("# Title\n\n![me](/uploads/me.jpg)\n\n<b>bold</b> `code`");
    expect(html).not.toMatch(/<h1|<img|<b>|<code/);
    expect(html).toContain("# Title");
    expect(html).toContain("&lt;b&gt;bold&lt;/b&gt;");
  });
});

describe("renderMarkdown, lesson profile", () => {
  it("adds headings from h2 down, quotes, rules and pictures from this site", () => {
    const html = renderMarkdown("# Warm-up\n\n## Sets\n\n> Breathe out as you lift.\n\n---\n\n![A goblet squat](/files/squat.jpg)", { profile: "lesson" });
    expect(html).toContain("<h2>Warm-up</h2>");
    expect(html).toContain("<h3>Sets</h3>");
    expect(html).toContain("<blockquote>");
    expect(html).toContain("<hr>");
    expect(html).toContain('<img src="/files/squat.jpg" alt="A goblet squat" loading="lazy" decoding="async">');
  });

  it("fetches no picture from another site unless its origin is allowed (the bucket)", () => {
    expect(renderMarkdown("![tracker](https://evil.example/pixel.gif)", { profile: "lesson" })).not.toContain("<img");
    expect(renderMarkdown("![tracker](//evil.example/pixel.gif)", { profile: "lesson" })).not.toContain("<img");
    const bucket = renderMarkdown("![squat](https://files.example.com/a.jpg)", { profile: "lesson", imageOrigins: ["https://files.example.com"] });
    expect(bucket).toContain('<img src="https://files.example.com/a.jpg"');
  });
});

describe("nothing the coach types can run as script", () => {
  const attacks = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "[click](javascript:alert(1))",
    "[click](JaVaScRiPt:alert(1))",
    "[click](java\tscript:alert(1))",
    "[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)",
    "[click](vbscript:msgbox(1))",
    "[click](//evil.example/phish)",
    '[click](/ok" onmouseover="alert(1))',
    "![x](javascript:alert(1))",
    '![x](/a.jpg" onerror="alert(1))',
    "<a href=javascript:alert(1)>x</a>",
    "<svg onload=alert(1)>",
    "[x](&#106;avascript:alert(1))",
    "<iframe src=https://evil.example></iframe>",
  ];

  for (const profile of ["basic", "lesson"] as const) {
    it.each(attacks)(`${profile}: %s`, (attack) => {
      const html = renderMarkdown(attack, { profile });
      expect(html).not.toMatch(/<(script|iframe|svg|object|embed)/i);
      expect(html).not.toMatch(/<[a-z]+[^>]*\son\w+\s*=/i);
      expect(html).not.toMatch(/href="(?!\/[^/\\]|#|https?:|mailto:|tel:)/i);
      expect(html).not.toMatch(/src="(?!\/[^/\\])/i);
    });
  }

  it("holds for any text (generated)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (text) => {
        for (const profile of ["basic", "lesson"] as const) {
          const html = renderMarkdown(`${text}[a](${text}) ![b](${text}) <${text}>`, { profile });
          expect(html).not.toMatch(/<(script|iframe|svg|object|embed|style)/i);
          expect(html).not.toMatch(/<[a-z]+[^>]*\son\w+\s*=/i);
          for (const [, href] of html.matchAll(/href="([^"]*)"/g)) expect(isSafeLink(href!.replace(/&amp;/g, "&"))).toBe(true);
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe("markdownToText", () => {
  it("keeps the words and drops the formatting", () => {
    expect(markdownToText("Lift **twice** a week.\n\n- [Book](/contact)\n- *rest*")).toBe("Lift twice a week. Book rest");
  });
  it("keeps typed markup as the characters typed", () => {
    expect(markdownToText("<b>hi</b> & bye")).toBe("<b>hi</b> & bye");
  });
});
