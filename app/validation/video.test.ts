import { describe, expect, it } from "vitest";
import { parseVideoUrl } from "./video";

const ID = "dQw4w9WgXcQ";
const YOUTUBE = {
  provider: "youtube",
  id: ID,
  embedUrl: `https://www.youtube-nocookie.com/embed/${ID}?autoplay=1&rel=0`,
  watchUrl: `https://www.youtube.com/watch?v=${ID}`,
};

describe("parseVideoUrl: YouTube", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}`,
    `https://m.youtube.com/watch?v=${ID}`,
    `http://www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}&t=42s`,
    `https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123&index=2`,
    `https://www.youtube.com/watch/?v=${ID}#comments`,
    `https://youtu.be/${ID}`,
    `https://youtu.be/${ID}?si=AbCdEfGh12345678&t=10`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube.com/embed/${ID}?start=30`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://youtube.com/shorts/${ID}/?feature=share`,
    `https://www.youtube.com/live/${ID}?si=x`,
    `  https://WWW.YouTube.com/watch?v=${ID}  `,
  ])("reads %s", (url) => {
    expect(parseVideoUrl(url)).toEqual(YOUTUBE);
  });

  it("keeps ids with - and _", () => {
    expect(parseVideoUrl("https://youtu.be/a-b_c-D_e-9")?.id).toBe("a-b_c-D_e-9");
  });

  it.each([
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?v=${ID.slice(1)}`,
    "https://www.youtube.com/watch?v=dQw4w9WgX%3C",
    "https://www.youtube.com/watch?v=dQw4w9WgX<Q",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/",
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube.com/embed/%64Qw4w9WgXcQ`,
    `https://youtu.be/`,
    `https://youtu.be/${ID}/more`,
    `https://music.youtube.com/watch?v=${ID}`,
  ])("refuses %s", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe("parseVideoUrl: Vimeo", () => {
  it.each([
    ["https://vimeo.com/76979871", "76979871", undefined],
    ["https://www.vimeo.com/76979871?share=copy", "76979871", undefined],
    ["http://vimeo.com/76979871/", "76979871", undefined],
    ["https://vimeo.com/76979871/8272103f6e", "76979871", "8272103f6e"],
    ["https://vimeo.com/76979871?h=8272103f6e", "76979871", "8272103f6e"],
    ["https://player.vimeo.com/video/76979871", "76979871", undefined],
    ["https://player.vimeo.com/video/76979871?h=8272103f6e&badge=0", "76979871", "8272103f6e"],
  ])("reads %s", (url, id, hash) => {
    expect(parseVideoUrl(url)).toEqual({
      provider: "vimeo",
      id,
      embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1${hash ? `&h=${hash}` : ""}`,
      watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`,
    });
  });

  it.each([
    "https://vimeo.com/",
    "https://vimeo.com/channels/staffpicks",
    "https://vimeo.com/abc",
    "https://vimeo.com/76979871/not-a-hash",
    "https://vimeo.com/76979871?h=zz%26autoplay%3D0",
    "https://vimeo.com/76979871/8272103f6e/extra",
    "https://player.vimeo.com/76979871",
    "https://player.vimeo.com/video/abc",
    "https://player.vimeo.com/video/76979871?h=<script>",
    "https://vimeo.com/1234567890123",
  ])("refuses %s", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });
});

describe("parseVideoUrl: hostile and foreign input", () => {
  it.each([
    "",
    "   ",
    "not a url",
    `youtube.com/watch?v=${ID}`,
    `//www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//https://www.youtube.com/watch?v=${ID}`,
    "javascript:alert(document.cookie)",
    `JAVASCRIPT://www.youtube.com/watch?v=${ID}`,
    `data:text/html,<script>alert(1)</script>`,
    `data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==#https://youtu.be/${ID}`,
    `vbscript:msgbox("x")`,
    `file:///etc/passwd`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `blob:https://www.youtube.com/${ID}`,
    `https://www.youtube.com.evil.com/watch?v=${ID}`,
    `https://youtube.com.evil.com/watch?v=${ID}`,
    `https://evilyoutube.com/watch?v=${ID}`,
    `https://youtu.be.evil.com/${ID}`,
    `https://evil.com/youtu.be/${ID}`,
    `https://evil.com/?u=https://youtu.be/${ID}`,
    `https://evil.com#@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com@evil.com/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    `https://www.youtube.com./watch?v=${ID}`,
    `https://www.yоutube.com/watch?v=${ID}`, // Cyrillic "о"
    `https://vimeo.com.evil.com/76979871`,
    `https://player.vimeo.com.evil.com/video/76979871`,
    `https://evil.com/player.vimeo.com/video/76979871`,
    `https://www.youtube-nocookie.com/watch?v=${ID}`,
    `https://www.youtube.com/watch?v=${ID}"><script>alert(1)</script>`,
    `https://youtu.be/${"a".repeat(3000)}`,
  ])("refuses %j", (url) => {
    expect(parseVideoUrl(url)).toBeNull();
  });

  it("only ever gives player addresses on the two allowed origins", () => {
    for (const url of [`https://youtu.be/${ID}`, "https://vimeo.com/1/abcdef"]) {
      const origin = new URL(parseVideoUrl(url)!.embedUrl).origin;
      expect(["https://www.youtube-nocookie.com", "https://player.vimeo.com"]).toContain(origin);
    }
  });

  it("refuses what is not a string", () => {
    expect(parseVideoUrl(undefined as unknown as string)).toBeNull();
    expect(parseVideoUrl({ toString: () => `https://youtu.be/${ID}` } as unknown as string)).toBeNull();
  });
});
