// The click-to-play videos of a lesson (components/video-embed.tsx): pressing play swaps the box's
// button for the provider's player, which starts at once, and moves focus to it. Nothing is loaded
// from YouTube or Vimeo before the press. Its origins are in the page policy's frame-src, and
// autoplay is allowed for them in Permissions-Policy (docs/security.md).

const PLAYER_ALLOW = "autoplay; fullscreen; picture-in-picture; encrypted-media";

function play(box: HTMLElement) {
  const src = box.dataset.embedSrc;
  if (!src || box.dataset.state === "playing") return;
  box.dataset.state = "playing";
  const iframe = document.createElement("iframe");
  iframe.src = src;
  iframe.title = box.dataset.embedTitle || "Video";
  iframe.allow = PLAYER_ALLOW;
  iframe.allowFullscreen = true;
  iframe.referrerPolicy = "strict-origin-when-cross-origin";
  iframe.loading = "eager";
  iframe.className = "absolute inset-0 size-full border-0";
  // The button, its note and the <noscript> link make way for the player.
  box.replaceChildren(iframe);
  iframe.focus();
}

export function initVideoEmbeds(root: ParentNode): void {
  for (const box of root.querySelectorAll<HTMLElement>("[data-video-embed]")) {
    // A box already enhanced (a lazy section enhanced twice) is left alone.
    if (box.dataset.videoReady !== undefined) continue;
    box.dataset.videoReady = "";
    box.querySelector<HTMLButtonElement>("[data-video-play]")?.addEventListener("click", () => play(box), { once: true });
  }
}
