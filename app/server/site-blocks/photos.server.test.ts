import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getStorage } from "~/server/storage/index.server";
import { withTemporaryDataDir } from "../../../tests/support/local-storage";
import { imageSlots } from "~/server/uploads/upload-queue.server";
import { SITE_PHOTO_MAX_BYTES, SITE_PHOTO_MESSAGES, SitePhotoSchema, type SitePhoto } from "~/validation/content-photos";
import { deleteSitePhoto, photoSources, processSitePhoto, renditionWidths } from "./photos.server";
import { INTEGRATION_TEST_MS } from "../../../tests/support/budgets";

// Real images made by sharp, written to the local storage backend in a temporary DATA_DIR;
// nothing about the processing is stubbed.

const data = withTemporaryDataDir("sc-site-photos-");


afterEach(() => {
  vi.restoreAllMocks();
});

const uploads = () => path.join(data.dir, "uploads");

/** Every stored file, relative to the uploads folder. */
function storedFiles(): string[] {
  if (!fs.existsSync(uploads())) return [];
  return (fs.readdirSync(uploads(), { recursive: true }) as string[])
    .filter((name) => fs.statSync(path.join(uploads(), name)).isFile())
    .map((name) => name.split(path.sep).join("/"))
    .sort();
}

const readStored = (key: string) => fs.readFileSync(path.join(uploads(), ...key.split("/")));

/**
 * A photo-like picture: noise, so the encoders have real work, and a red band across the top.
 * Without noise for the tests of sizes and shapes: AVIF takes seconds on noise a thousand pixels
 * wide, which a busy machine stretches past the unit tests' timeout.
 */
function photo(width: number, height: number, { noise = true }: { noise?: boolean } = {}) {
  return sharp({
    create: { width, height, channels: 3, background: "#7a8c9e", ...(noise ? { noise: { type: "gaussian", mean: 120, sigma: 25 } } : {}) },
  })
    .composite([{ input: { create: { width, height: Math.round(height / 5), channels: 3, background: "#ff0000" } }, top: 0, left: 0 }])
    .png()
    .toBuffer();
}

async function jpegWithGps(width: number, height: number) {
  return sharp(await photo(width, height))
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 9", ImageDescription: "taken-at-home" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 2637/100", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 3960/100" },
    })
    .withIccProfile("p3")
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function accepted(bytes: Uint8Array, kind: "coach" | "hero" = "coach", now?: Date): Promise<SitePhoto> {
  const result = await processSitePhoto(bytes, kind, now);
  if (!result.ok) throw new Error(`refused: ${result.error}`);
  return result.photo;
}

describe("renditionWidths", () => {
  it("takes the ladder up to the photo's width, never above it", () => {
    expect(renditionWidths(4000)).toEqual([480, 800, 1200, 1600]);
    expect(renditionWidths(1600)).toEqual([480, 800, 1200, 1600]);
    expect(renditionWidths(1000)).toEqual([480, 800, 1000]);
    expect(renditionWidths(820)).toEqual([480, 820]);
    expect(renditionWidths(480)).toEqual([480]);
    expect(renditionWidths(300)).toEqual([300]);
  });
});

describe("processSitePhoto", () => {
  it("stores a 4000×3000 phone photo at four widths in AVIF, WebP and JPEG, with no metadata", async () => {
    const source = await jpegWithGps(4000, 3000);
    // The fixture really carries what must go.
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif).toBeDefined();
    expect(sourceMeta.icc).toBeDefined();
    expect(sourceMeta.xmp).toBeDefined();
    expect(source.includes("taken-at-home")).toBe(true);

    const now = new Date("2026-11-25T10:15:00.456Z");
    const started = performance.now();
    const stored = await accepted(source, "coach", now);
    const elapsed = performance.now() - started;

    expect(SitePhotoSchema.parse(stored)).toEqual(stored);
    expect(stored.base).toMatch(/^site-photos\/coach\/20261125T101500-[0-9a-f]{6}\/$/);
    expect(stored).toMatchObject({ width: 1600, height: 1200, widths: [480, 800, 1200, 1600], formats: ["avif", "webp", "jpeg"] });

    const expected = [480, 800, 1200, 1600].flatMap((w) => ["avif", "jpg", "webp"].map((ext) => `${stored.base}${w}.${ext}`)).sort();
    expect(storedFiles().filter((key) => key.startsWith("site-photos/coach/20261125T101500-"))).toEqual(expected);

    const formatOf = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;
    for (const key of expected) {
      const [, width, ext] = /\/(\d+)\.(\w+)$/.exec(key)!;
      const bytes = readStored(key);
      const meta = await sharp(bytes).metadata();
      expect(meta.format, key).toBe(formatOf[ext as keyof typeof formatOf]);
      if (ext === "avif") expect(meta.compression, key).toBe("av1");
      expect(meta.width, key).toBe(Number(width));
      // The aspect ratio is kept (4:3).
      expect(meta.height, key).toBe(Math.round((Number(width) * 3) / 4));
      expect(meta.exif, key).toBeUndefined();
      expect(meta.icc, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(meta.space, key).toBe("srgb");
      expect(bytes.includes("taken-at-home"), key).toBe(false);
      expect(bytes.includes("TestCam"), key).toBe(false);
    }
    // The red band is still at the top: the pixels were kept, the right way up.
    const { data } = await sharp(readStored(`${stored.base}480.jpg`)).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(200);
    expect(data[1]).toBeLessThan(60);
    // Measured on a 2-core machine: 1.2–1.8 s (see ENCODERS in photos.server.ts). Generous, so a busy test machine does not fail it.
    expect(elapsed).toBeLessThan(20_000);
  }, INTEGRATION_TEST_MS);

  it("never enlarges a small PNG: one rendition at its own width", async () => {
    const stored = await accepted(await photo(300, 200), "hero");
    expect(stored).toMatchObject({ width: 300, height: 200, widths: [300] });
    expect(stored.base).toMatch(/^site-photos\/hero\//);
    const files = storedFiles().filter((key) => key.startsWith(stored.base));
    expect(files).toEqual([`${stored.base}300.avif`, `${stored.base}300.jpg`, `${stored.base}300.webp`]);
    for (const key of files) expect(await sharp(readStored(key)).metadata()).toMatchObject({ width: 300, height: 200 });
  });

  it("turns a photo upright by its EXIF orientation and keeps a portrait's shape", async () => {
    // Stored 760×600 on its side; orientation 6 asks viewers to turn it to 600×760.
    const sideways = await sharp(await photo(760, 600, { noise: false })).withMetadata({ orientation: 6 }).jpeg().toBuffer();
    const stored = await accepted(sideways);
    expect(stored).toMatchObject({ width: 600, height: 760, widths: [480, 600] });
    const meta = await sharp(readStored(`${stored.base}480.webp`)).metadata();
    expect(meta).toMatchObject({ width: 480, height: 608 });
    expect(meta.orientation).toBeUndefined();
  });

  it("accepts a WebP, and a transparent PNG (the JPEG on white)", async () => {
    const webp = await sharp(await photo(900, 600, { noise: false })).webp().toBuffer();
    expect(await accepted(webp)).toMatchObject({ width: 900, height: 600, widths: [480, 900] });

    const transparent = await sharp({ create: { width: 500, height: 500, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer();
    const stored = await accepted(transparent);
    const { data } = await sharp(readStored(`${stored.base}500.jpg`)).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([255, 255, 255]);
    expect((await sharp(readStored(`${stored.base}500.webp`)).metadata()).hasAlpha).toBe(true);
  });

  it("refuses anything that is not a JPEG, PNG or WebP, whatever it is called, and stores nothing", async () => {
    const before = storedFiles();
    const gif = await sharp(await photo(64, 64)).gif().toBuffer();
    const tiff = await sharp(await photo(64, 64)).tiff().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>');
    const html = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const text = Buffer.from("Just some notes, not a photo at all.\n");
    for (const bytes of [gif, tiff, svg, html, text, new Uint8Array()]) {
      expect(await processSitePhoto(bytes, "coach")).toEqual({ ok: false, error: SITE_PHOTO_MESSAGES.type });
    }
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a truncated or corrupt JPEG and a decompression bomb", async () => {
    const before = storedFiles();
    const jpeg = await jpegWithGps(800, 600);
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 2));
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#ffffff" } }).png({ compressionLevel: 9 }).toBuffer();
    expect(bomb.length).toBeLessThan(SITE_PHOTO_MAX_BYTES);
    for (const bytes of [truncated, fake, bomb]) {
      expect(await processSitePhoto(bytes, "coach")).toEqual({ ok: false, error: SITE_PHOTO_MESSAGES.failed });
    }
    expect(storedFiles()).toEqual(before);
  });

  it("refuses a file over 10 MB before decoding it, and accepts one of exactly 10 MB", async () => {
    // A real JPEG padded after its end: it decodes, so only the size check can refuse it.
    const jpeg = await sharp(await photo(64, 48)).jpeg().toBuffer();
    const pad = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
    const slots = vi.spyOn(imageSlots, "run");
    expect(await processSitePhoto(pad(SITE_PHOTO_MAX_BYTES + 1), "coach")).toEqual({ ok: false, error: SITE_PHOTO_MESSAGES.size });
    expect(slots).not.toHaveBeenCalled();
    expect(await processSitePhoto(pad(SITE_PHOTO_MAX_BYTES), "coach")).toMatchObject({ ok: true, photo: { width: 64 } });
    expect(slots).toHaveBeenCalledTimes(1);
  });

  it("removes what it wrote when the storage fails part-way", async () => {
    const storage = getStorage();
    const put = storage.put.bind(storage);
    let calls = 0;
    vi.spyOn(storage, "put").mockImplementation(async (key, bytes, contentType) => {
      calls += 1;
      if (calls === 2) throw new Error("disk full");
      await put(key, bytes, contentType);
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const stderr = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    const before = storedFiles();
    // One width in three formats is enough to fail between two writes; a small photo keeps the
    // encoders (AVIF above all, on noise) from taking seconds on a busy machine.
    const result = await processSitePhoto(await jpegWithGps(320, 240), "hero");
    expect(result).toEqual({ ok: false, error: SITE_PHOTO_MESSAGES.failed });
    expect(calls).toBe(3);
    expect(storedFiles()).toEqual(before);
    expect(stderr.mock.calls.some(([line]) => String(line).includes("could not store"))).toBe(true);
  });
});

describe("photoSources and deleteSitePhoto", () => {
  it("lists each format's widths in ascending order with the /uploads/ addresses, best format first", () => {
    const stored: SitePhoto = {
      base: "site-photos/coach/20261125T101500-ab12cd/",
      width: 1600,
      height: 1200,
      widths: [480, 800, 1200, 1600],
      formats: ["jpeg", "webp", "avif"],
    };
    const base = "/uploads/site-photos/coach/20261125T101500-ab12cd";
    expect(photoSources(stored)).toEqual({
      width: 1600,
      height: 1200,
      fallback: `${base}/800.jpg`,
      sources: [
        { type: "image/avif", srcSet: `${base}/480.avif 480w, ${base}/800.avif 800w, ${base}/1200.avif 1200w, ${base}/1600.avif 1600w` },
        { type: "image/webp", srcSet: `${base}/480.webp 480w, ${base}/800.webp 800w, ${base}/1200.webp 1200w, ${base}/1600.webp 1600w` },
        { type: "image/jpeg", srcSet: `${base}/480.jpg 480w, ${base}/800.jpg 800w, ${base}/1200.jpg 1200w, ${base}/1600.jpg 1600w` },
      ],
    });
    const small = photoSources({ ...stored, width: 300, height: 200, widths: [300], formats: ["jpeg"] });
    expect(small).toEqual({ width: 300, height: 200, fallback: `${base}/300.jpg`, sources: [{ type: "image/jpeg", srcSet: `${base}/300.jpg 300w` }] });
  });

  it("points at files that exist, and deleteSitePhoto removes them all", async () => {
    // Wide enough for three widths (480, 800 and its own 920).
    const stored = await accepted(await photo(920, 240, { noise: false }), "hero");
    const sources = photoSources(stored);
    const urls = [sources.fallback, ...sources.sources.flatMap((source) => source.srcSet.split(", ").map((entry) => entry.split(" ")[0]!))];
    expect(urls).toHaveLength(1 + 3 * 3);
    for (const url of urls) {
      expect(url.startsWith("/uploads/")).toBe(true);
      expect(fs.existsSync(path.join(uploads(), ...url.slice("/uploads/".length).split("/")))).toBe(true);
    }
    await deleteSitePhoto(stored);
    expect(storedFiles().filter((key) => key.startsWith(stored.base))).toEqual([]);
    // Best effort: a missing folder is no error.
    await expect(deleteSitePhoto(stored)).resolves.toBeUndefined();
  });
});

describe("SitePhotoSchema", () => {
  it("refuses widths out of order, an unknown format, no JPEG, and a folder outside the key rule", () => {
    const good = { base: "site-photos/hero/20261125T101500-ab12cd/", width: 800, height: 600, widths: [480, 800], formats: ["avif", "webp", "jpeg"] };
    expect(SitePhotoSchema.safeParse(good).success).toBe(true);
    for (const bad of [
      { ...good, widths: [800, 480] },
      { ...good, widths: [] },
      { ...good, formats: ["gif", "jpeg"] },
      { ...good, formats: ["avif", "webp"] },
      { ...good, base: "site-photos/hero/x" },
      { ...good, base: "site-photos/../secrets/" },
      { ...good, base: "/site-photos/hero/" },
      { ...good, width: 0 },
    ]) {
      expect(SitePhotoSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
