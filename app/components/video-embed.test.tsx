import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { VideoEmbed } from "./video-embed";

// The server's markup only (Vitest runs in node here, with no DOM): nothing from the provider
// loads before the press; the player's address waits in a data attribute for app/islands/video.ts.

const ID = "dQw4w9WgXcQ";

/** Every address in an attribute that a browser would fetch or link to. */
function addresses(html: string): string[] {
  return [...html.matchAll(/\s(src|href|srcset|poster|data-embed-src)="([^"]*)"/g)].map((m) => `${m[1]}=${m[2]}`);
}

describe("VideoEmbed", () => {
  it("writes a click-to-play box with no request to YouTube before the press", () => {
    const html = renderToStaticMarkup(<VideoEmbed url={`https://youtu.be/${ID}?si=abc`} title="Hip hinge basics" />);
    expect(html).toContain("data-video-embed");
    expect(html).toContain(`data-embed-src="https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&amp;rel=0"`);
    expect(html).toContain('data-embed-title="Hip hinge basics"');
    expect(html).toContain("aspect-video");
    expect(html).toMatch(/<button type="button" data-video-play=""[^>]*>/);
    expect(html).toContain('aria-label="Play video: Hip hinge basics"');
    expect(html).toContain("This video is from YouTube. It loads only when you press play.");
    // The note describes the button.
    const describedBy = /aria-describedby="([^"]+)"/.exec(html)![1]!;
    expect(html).toContain(`id="${describedBy}"`);

    expect(html).not.toMatch(/<iframe|<img|<link|<script|preconnect|dns-prefetch|ytimg/i);
    // The only provider addresses: the player in the data attribute and the <noscript> link.
    expect(addresses(html)).toEqual([
      `data-embed-src=https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&amp;rel=0`,
      `href=https://www.youtube.com/watch?v=${ID}`,
    ]);
    const withoutThose = html.replace(/data-embed-src="[^"]*"/, "").replace(/href="[^"]*"/, "");
    expect(withoutThose).not.toMatch(/youtube\.com|youtube-nocookie|youtu\.be/);
  });

  it("links to the video on its own site without JavaScript, in a new tab without a referrer", () => {
    const html = renderToStaticMarkup(<VideoEmbed url={`https://www.youtube.com/watch?v=${ID}`} title="Squat" />);
    const noscript = /<noscript>([\s\S]*)<\/noscript>/.exec(html)![1]!;
    expect(noscript).toContain(`href="https://www.youtube.com/watch?v=${ID}"`);
    expect(noscript).toContain('target="_blank"');
    expect(noscript).toContain('rel="noopener noreferrer"');
    expect(noscript).toContain("Watch on YouTube");
  });

  it("uses Vimeo's player without tracking, keeping an unlisted video's hash", () => {
    const html = renderToStaticMarkup(<VideoEmbed url="https://vimeo.com/76979871/8272103f6e" title="Deadlift" />);
    expect(html).toContain('data-embed-src="https://player.vimeo.com/video/76979871?autoplay=1&amp;dnt=1&amp;h=8272103f6e"');
    expect(html).toContain("This video is from Vimeo.");
    expect(html).toContain('href="https://vimeo.com/76979871/8272103f6e"');
    expect(html).toContain("Watch on Vimeo");
    expect(html).not.toMatch(/<iframe|<img|vimeocdn/i);
  });

  it("escapes the title wherever it goes", () => {
    const html = renderToStaticMarkup(<VideoEmbed url={`https://youtu.be/${ID}`} title={'"><script>alert(1)</script>'} />);
    expect(html).not.toContain("<script>");
    expect(html).toContain('data-embed-title="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
  });

  it("renders nothing for an address that is not a YouTube or Vimeo video", () => {
    for (const url of ["", "javascript:alert(1)", `https://www.youtube.com.evil.com/watch?v=${ID}`, "https://example.com/video.mp4"]) {
      expect(renderToStaticMarkup(<VideoEmbed url={url} title="x" />), url).toBe("");
    }
  });
});
