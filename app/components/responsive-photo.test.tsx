import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { PhotoSources } from "~/validation/content-photos";
import { ResponsivePhoto } from "./responsive-photo";

const base = "/uploads/site-photos/coach/20261125T101500-ab12cd";
const srcSet = (ext: string) => `${base}/480.${ext} 480w, ${base}/800.${ext} 800w`;

// Listed out of order on purpose: the component puts AVIF first whatever it is given.
const photo: PhotoSources = {
  width: 800,
  height: 600,
  fallback: `${base}/800.jpg`,
  sources: [
    { type: "image/jpeg", srcSet: srcSet("jpg") },
    { type: "image/webp", srcSet: srcSet("webp") },
    { type: "image/avif", srcSet: srcSet("avif") },
  ],
};

const SIZES = "(min-width: 1024px) 40vw, 100vw";

/** The attributes of every tag with this name, by their lower-case names (as a browser reads them). */
function tags(html: string, tag: string): Record<string, string>[] {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "g"))].map((match) =>
    Object.fromEntries([...match[1]!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [name!.toLowerCase(), value!])),
  );
}

/** The attributes of the first tag with this name. */
function attributes(html: string, tag: string): Record<string, string> {
  const first = tags(html, tag)[0];
  if (!first) throw new Error(`no <${tag}> in ${html}`);
  return first;
}

describe("ResponsivePhoto", () => {
  it("offers AVIF first, then WebP, with the JPEG widths on the img", () => {
    const html = renderToStaticMarkup(<ResponsivePhoto photo={photo} alt="Jo lifting a barbell" sizes={SIZES} />);
    expect(tags(html, "source")).toEqual([
      { type: "image/avif", srcset: srcSet("avif"), sizes: SIZES },
      { type: "image/webp", srcset: srcSet("webp"), sizes: SIZES },
    ]);
    // Every <source> comes before the <img>, inside the <picture>.
    expect(html.startsWith("<picture")).toBe(true);
    expect(html.indexOf("<img")).toBeGreaterThan(html.lastIndexOf("<source"));
    expect(html.endsWith("</picture>")).toBe(true);
    expect(html).not.toContain('type="image/jpeg"');
  });

  it("gives the img its size, alt text and lazy loading by default", () => {
    const img = attributes(renderToStaticMarkup(<ResponsivePhoto photo={photo} alt="Jo lifting a barbell" sizes={SIZES} />), "img");
    expect(img).toMatchObject({
      src: `${base}/800.jpg`,
      srcset: srcSet("jpg"),
      sizes: SIZES,
      width: "800",
      height: "600",
      alt: "Jo lifting a barbell",
      loading: "lazy",
      decoding: "async",
    });
    expect(img.class).toContain("h-auto");
    expect(img).not.toHaveProperty("fetchpriority");
  });

  it("loads a priority photo at once and first", () => {
    // React 19 writes the attribute as fetchPriority; HTML attribute names ignore case.
    const img = attributes(renderToStaticMarkup(<ResponsivePhoto photo={photo} alt="" sizes="100vw" priority />), "img");
    expect(img).toMatchObject({ loading: "eager", fetchpriority: "high", alt: "" });
  });

  it("adds the caller's classes, letting them override the defaults", () => {
    const html = renderToStaticMarkup(
      <ResponsivePhoto photo={photo} alt="Jo" sizes="100vw" className="rounded-3xl" imgClassName="h-full object-cover" />,
    );
    expect(attributes(html, "picture").class).toBe("block rounded-3xl");
    expect(attributes(html, "img").class).toBe("block w-full h-full object-cover");
    const filled = renderToStaticMarkup(<ResponsivePhoto photo={photo} alt="Jo" sizes="8rem" imgClassName="size-full object-cover" />);
    expect(attributes(filled, "img").class).toBe("block size-full object-cover");
  });

  it("shows a photo with only the JPEG as a plain img in its picture", () => {
    const jpegOnly: PhotoSources = { ...photo, sources: [{ type: "image/jpeg", srcSet: srcSet("jpg") }] };
    const html = renderToStaticMarkup(<ResponsivePhoto photo={jpegOnly} alt="Jo" sizes="100vw" />);
    expect(html).not.toContain("<source");
    expect(attributes(html, "img").srcset).toBe(srcSet("jpg"));
  });
});
