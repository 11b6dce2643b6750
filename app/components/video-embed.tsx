import { useId } from "react";
import { cn } from "~/utils/cn";
import { parseVideoUrl, type VideoProvider } from "~/validation/video";

// A YouTube or Vimeo video in a lesson, behind a click: the server writes a 16:9 box with a play
// button and nothing from the provider (no thumbnail, no iframe, no preconnect), so the page sends
// no request to YouTube or Vimeo until she presses play. The islands script (app/islands/video.ts)
// then swaps the button for the provider's player (youtube-nocookie.com, or Vimeo with dnt=1),
// allowed in frames by the page policy (docs/security.md). Without JavaScript the box offers a plain
// link to the video on its own site.

const PROVIDER_NAMES: Record<VideoProvider, string> = { youtube: "YouTube", vimeo: "Vimeo" };

export interface VideoEmbedProps {
  /** The address the coach pasted (see parseVideoUrl in app/validation/video.ts). */
  url: string;
  /** What the video is, for the button's name and the player's title. */
  title: string;
  className?: string;
}

/** The click-to-play box, or nothing when `url` is not a YouTube or Vimeo video. */
export function VideoEmbed({ url, title, className }: VideoEmbedProps) {
  const noteId = useId();
  const video = parseVideoUrl(url);
  if (!video) return null;
  const provider = PROVIDER_NAMES[video.provider];

  return (
    <div
      data-video-embed=""
      data-embed-src={video.embedUrl}
      data-embed-title={title}
      className={cn("on-dark relative aspect-video w-full overflow-hidden rounded-3xl bg-brand-900 text-white shadow-md", className)}
    >
      <button
        type="button"
        data-video-play=""
        aria-label={`Play video: ${title}`}
        aria-describedby={noteId}
        // NOTE: without JavaScript the button cannot work; the link in <noscript> does instead.
        className="group/play absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-3 pb-10 noscript:hidden focus-visible:-outline-offset-8"
      >
        <span
          aria-hidden="true"
          className="flex size-16 items-center justify-center rounded-full bg-accent-300 text-brand-950 shadow-lg transition-transform group-hover/play:scale-105 sm:size-20"
        >
          <PlayGlyph />
        </span>
        <span className="font-display text-lg font-semibold sm:text-xl">
          Play video
        </span>
      </button>
      <p
        id={noteId}
        // Under the button, not in it (its name stays short); a press on the words still plays.
        className="pointer-events-none absolute inset-x-0 bottom-0 px-6 pb-4 text-center text-sm text-brand-100 noscript:hidden sm:pb-6"
      >
        This video is from {provider}. It loads only when you press play.
      </p>
      <noscript>
        <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 px-6 text-center">
          <p className="font-display text-lg font-semibold">{title}</p>
          <a href={video.watchUrl} target="_blank" rel="noopener noreferrer" className="btn btn-primary">
            Watch on {provider}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </noscript>
    </div>
  );
}

/** A play triangle, nudged right so it looks centred in its circle. */
function PlayGlyph() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="ml-1 size-8 sm:size-9" fill="currentColor">
      <path d="M7 4.5v15a1 1 0 0 0 1.5.86l12.5-7.5a1 1 0 0 0 0-1.72L8.5 3.64A1 1 0 0 0 7 4.5z" />
    </svg>
  );
}
