import { cn } from "~/utils/cn";
import type { PhotoSources, PhotoSourceType } from "~/validation/content-photos";

export interface ResponsivePhotoProps {
  /** The photo's renditions (photoSources in app/server/site-blocks/photos.server.ts). */
  photo: PhotoSources;
  /** What the photo shows, for people who cannot see it. */
  alt: string;
  /** How wide the photo is drawn, for the browser's choice of width, e.g. "(min-width: 1024px) 40vw, 100vw". */
  sizes: string;
  /** Classes for the <picture> wrapper. */
  className?: string;
  /** Classes for the <img> (e.g. a rounded corner or object-cover). */
  imgClassName?: string;
  /** True for the photo at the top of the page (the largest paint): loaded at once and first. */
  priority?: boolean;
}

// A browser takes the first <source> whose type it can show: the smallest files first.
const ORDER: Record<PhotoSourceType, number> = { "image/avif": 0, "image/webp": 1, "image/jpeg": 2 };

/**
 * A site photo (docs/product.md §10.13) as a <picture>: AVIF, then WebP, each in every stored
 * width, and the JPEG widths on the <img> for every other browser. The width and height
 * attributes give the box its shape before the file arrives, so nothing below it moves.
 */
export function ResponsivePhoto({ photo, alt, sizes, className, imgClassName, priority = false }: ResponsivePhotoProps) {
  const sources = [...photo.sources].sort((a, b) => ORDER[a.type] - ORDER[b.type]);
  const jpeg = sources.find((source) => source.type === "image/jpeg");
  return (
    <picture className={cn("block", className)}>
      {sources
        .filter((source) => source !== jpeg)
        .map((source) => (
          <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={sizes} />
        ))}
      <img
        src={photo.fallback}
        srcSet={jpeg?.srcSet}
        sizes={jpeg ? sizes : undefined}
        width={photo.width}
        height={photo.height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        // React 19 knows the attribute and writes it as fetchpriority.
        fetchPriority={priority ? "high" : undefined}
        className={cn("block h-auto w-full", imgClassName)}
      />
    </picture>
  );
}
