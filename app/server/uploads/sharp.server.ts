import type sharpType from "sharp";

// sharp (libvips), loaded with the first image to process, not at start: an idle server never holds
// the library and its native memory (docs/performance.md, Memory). Each image is decoded once:
// libvips's operation cache would only keep decoded images (tens of megabytes each) in memory
// after the upload is done.

let library: Promise<typeof sharpType> | undefined;

export function loadSharp(): Promise<typeof sharpType> {
  return (library ??= import("sharp").then((module) => {
    module.default.cache(false);
    return module.default;
  }));
}
