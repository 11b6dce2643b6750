// YouTube and Vimeo addresses the coach pastes into a lesson, turned into the player address
// loaded only when the member presses play (components/video-embed.tsx, islands/video.ts). Only
// the two players the page policy allows in frames (docs/security.md) can come out of here, and
// never from anything but a plain https (or http) address on the provider's own hosts.
// Browser-safe: no server imports.

export type VideoProvider = "youtube" | "vimeo";

export interface ParsedVideo {
  provider: VideoProvider;
  /** YouTube's 11-character id, or Vimeo's number. */
  id: string;
  /** The privacy-friendly player, starting on load: youtube-nocookie.com, or Vimeo with dnt=1. */
  embedUrl: string;
  /** The video's page on the provider's own site, for a plain link. */
  watchUrl: string;
}

/** The player origins (for the page policy's frame-src). */
export const VIDEO_FRAME_ORIGINS = ["https://www.youtube-nocookie.com", "https://player.vimeo.com"] as const;

const YOUTUBE_HOSTS = new Set(["youtube.com", "www.youtube.com", "m.youtube.com", "youtube-nocookie.com", "www.youtube-nocookie.com"]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com"]);
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^[0-9]{1,12}$/;
/** An unlisted Vimeo video's privacy hash. */
const VIMEO_HASH = /^[0-9a-f]{6,32}$/i;
const MAX_URL_LENGTH = 2048;

function youtube(id: string | null | undefined): ParsedVideo | null {
  if (!id || !YOUTUBE_ID.test(id)) return null;
  return {
    provider: "youtube",
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  };
}

function vimeo(id: string | undefined, hash: string | null | undefined): ParsedVideo | null {
  if (!id || !VIMEO_ID.test(id)) return null;
  if (hash && !VIMEO_HASH.test(hash)) return null;
  return {
    provider: "vimeo",
    id,
    embedUrl: `https://player.vimeo.com/video/${id}?autoplay=1&dnt=1${hash ? `&h=${hash}` : ""}`,
    watchUrl: `https://vimeo.com/${id}${hash ? `/${hash}` : ""}`,
  };
}

/**
 * The provider, id and player address of a YouTube or Vimeo link, or null for anything else.
 *
 * YouTube: youtube.com/watch?v=ID, youtu.be/ID, youtube.com/embed/ID, /shorts/ID, /live/ID, on
 * www., m. or no subdomain (and youtube-nocookie.com/embed/ID); other parameters (t=, si=, list=)
 * are dropped. Vimeo: vimeo.com/ID, vimeo.com/ID/HASH (an unlisted video), player.vimeo.com/video/ID
 * (?h=HASH kept). Only https and http addresses (the player is always https), with no user name,
 * password or port.
 */
export function parseVideoUrl(url: string): ParsedVideo | null {
  if (typeof url !== "string") return null;
  const text = url.trim();
  if (text === "" || text.length > MAX_URL_LENGTH) return null;
  let parsed: URL;
  try {
    parsed = new URL(text);
  } catch {
    return null;
  }
  if (parsed.protocol !== "https:" && parsed.protocol !== "http:") return null;
  if (parsed.username || parsed.password || parsed.port) return null;
  const host = parsed.hostname;
  // "/embed/ID/" is the same page as "/embed/ID".
  const segments = parsed.pathname.replace(/\/$/, "").split("/").slice(1);

  if (host === "youtu.be") {
    return segments.length === 1 ? youtube(segments[0]) : null;
  }
  if (YOUTUBE_HOSTS.has(host)) {
    if (segments.length === 1 && segments[0] === "watch" && !host.includes("nocookie")) {
      return youtube(parsed.searchParams.get("v"));
    }
    if (segments.length === 2 && segments[0] === "embed") return youtube(segments[1]);
    if (segments.length === 2 && (segments[0] === "shorts" || segments[0] === "live") && !host.includes("nocookie")) {
      return youtube(segments[1]);
    }
    return null;
  }
  if (VIMEO_HOSTS.has(host)) {
    if (segments.length === 1) return vimeo(segments[0], parsed.searchParams.get("h"));
    if (segments.length === 2) return vimeo(segments[0], segments[1]);
    return null;
  }
  if (host === "player.vimeo.com") {
    return segments.length === 2 && segments[0] === "video" ? vimeo(segments[1], parsed.searchParams.get("h")) : null;
  }
  return null;
}
