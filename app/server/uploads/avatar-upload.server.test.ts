import { crc32 } from "node:zlib";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, AVATAR_SIZE_MESSAGE, AVATAR_TYPE_MESSAGE } from "~/validation/settings";
import { detectImageType, processAvatarUpload } from "./avatar-upload.server";

// Real images made by sharp, with real metadata; nothing about the processing is stubbed.

const RED = { r: 255, g: 0, b: 0 };
const BLUE = { r: 0, g: 0, b: 255 };

/** width × height, red on top and blue below (so a rotation is visible). */
function twoTone(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: RED } }).composite([
    { input: { create: { width, height: height / 2, channels: 3, background: BLUE } }, top: height / 2, left: 0 },
  ]);
}

async function photoWithGps() {
  return twoTone(200, 100)
    .withExif({
      IFD0: { Make: "TestCam", Model: "Phone 9", ImageDescription: "taken-at-home" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2637/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3960/100",
      },
    })
    // EXIF orientation 6: the camera was turned; viewers rotate 90° clockwise.
    .withMetadata({ orientation: 6 })
    .withIccProfile("p3")
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .jpeg()
    .toBuffer();
}

/** The tags of an EXIF block's IFD0 and, if it points to one, its GPS IFD (tag 0x8825). */
function exifTags(exif: Buffer): { ifd0: number[]; gps: number[] } {
  const tiff = exif.subarray(exif.indexOf("Exif\0\0") + 6);
  const le = tiff.toString("latin1", 0, 2) === "II";
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const readIfd = (offset: number) => {
    const tags: { tag: number; value: number }[] = [];
    for (let i = 0, n = u16(offset); i < n; i++) {
      const entry = offset + 2 + i * 12;
      tags.push({ tag: u16(entry), value: u32(entry + 8) });
    }
    return tags;
  };
  const ifd0 = readIfd(u32(4));
  const gpsPointer = ifd0.find((t) => t.tag === 0x8825);
  return { ifd0: ifd0.map((t) => t.tag), gps: gpsPointer ? readIfd(gpsPointer.value).map((t) => t.tag) : [] };
}

/** Inserts a tEXt chunk (a PNG comment) after the IHDR chunk. */
function withPngComment(png: Buffer, keyword: string, text: string): Buffer {
  const type = Buffer.from("tEXt", "latin1");
  const data = Buffer.from(`${keyword}\0${text}`, "latin1");
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([type, data])));
  const ihdrEnd = 8 + 4 + 4 + 13 + 4;
  return Buffer.concat([png.subarray(0, ihdrEnd), length, type, data, crc, png.subarray(ihdrEnd)]);
}

async function pixel(image: Buffer, x: number, y: number) {
  const { data, info } = await sharp(image).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const i = (y * info.width + x) * info.channels;
  return { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! };
}

const isRed = (p: { r: number; g: number; b: number }) => p.r > 200 && p.g < 60 && p.b < 60;
const isBlue = (p: { r: number; g: number; b: number }) => p.b > 200 && p.r < 60 && p.g < 60;

describe("detectImageType", () => {
  it("reads the magic number, not the name", async () => {
    const base = sharp({ create: { width: 4, height: 4, channels: 3, background: RED } });
    expect(detectImageType(await base.clone().jpeg().toBuffer())).toBe("jpeg");
    expect(detectImageType(await base.clone().png().toBuffer())).toBe("png");
    expect(detectImageType(await base.clone().gif().toBuffer())).toBe("gif");
    expect(detectImageType(await base.clone().webp().toBuffer())).toBe("webp");
    expect(detectImageType(await base.clone().tiff().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});

describe("processAvatarUpload", () => {
  it("strips EXIF (with its GPS position), ICC and XMP, and applies the EXIF rotation", async () => {
    const input = await photoWithGps();
    const before = await sharp(input).metadata();
    // The fixture really carries what must go.
    expect(before.orientation).toBe(6);
    expect(before.icc).toBeDefined();
    expect(before.xmp).toBeDefined();
    const tags = exifTags(before.exif!);
    expect(tags.ifd0).toContain(0x8825);
    expect(tags.gps.length).toBeGreaterThanOrEqual(4);
    expect(input.includes("taken-at-home")).toBe(true);

    const result = await processAvatarUpload(input, { name: "IMG_0001.JPG", type: "image/jpeg" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ ext: "jpg", contentType: "image/jpeg" });

    const after = await sharp(result.data).metadata();
    expect(after.format).toBe("jpeg");
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect(after.comments).toBeUndefined();
    expect(result.data.includes("Exif")).toBe(false);
    expect(result.data.includes("taken-at-home")).toBe(false);
    expect(result.data.includes("TestCam")).toBe(false);

    // Shown rotated (100 × 200, blue left, red right) and cropped square (100 × 100).
    expect([after.width, after.height]).toEqual([100, 100]);
    expect(isBlue(await pixel(result.data, 10, 10))).toBe(true);
    expect(isRed(await pixel(result.data, 90, 10))).toBe(true);
  });

  it("drops PNG text chunks (comments) and keeps transparency", async () => {
    const png = await sharp({ create: { width: 64, height: 64, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 0.5 } } })
      .png()
      .toBuffer();
    const input = withPngComment(png, "Comment", "lives-at-12-acacia-avenue");
    expect((await sharp(input).metadata()).comments?.[0]?.text).toBe("lives-at-12-acacia-avenue");

    const result = await processAvatarUpload(input, { name: "me.png", type: "image/png" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ ext: "png", contentType: "image/png", width: 64, height: 64 });
    const after = await sharp(result.data).metadata();
    expect(after.comments).toBeUndefined();
    expect(after.hasAlpha).toBe(true);
    expect(result.data.includes("acacia")).toBe(false);
  });

  it("scales a large photo down to a 512 × 512 square and never enlarges a small one", async () => {
    const large = await twoTone(2000, 1500).jpeg().toBuffer();
    const big = await processAvatarUpload(large, { name: "big.jpg", type: "image/jpeg" });
    expect(big).toMatchObject({ ok: true, width: 512, height: 512 });

    const small = await twoTone(120, 80).webp().toBuffer();
    const little = await processAvatarUpload(small, { name: "small.webp", type: "image/webp" });
    expect(little).toMatchObject({ ok: true, ext: "webp", contentType: "image/webp", width: 80, height: 80 });
  });

  it("keeps only the first frame of an animated GIF", async () => {
    const frame = (background: typeof RED) =>
      sharp({ create: { width: 32, height: 32, channels: 3, background } }).png().toBuffer();
    const animated = await sharp([await frame(RED), await frame(BLUE), await frame(RED)], { join: { animated: true } })
      .gif({ loop: 0, delay: [200, 200, 200] })
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);

    const result = await processAvatarUpload(animated, { name: "wave.gif", type: "image/gif" });
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result).toMatchObject({ ext: "gif", contentType: "image/gif", width: 32, height: 32 });
    expect((await sharp(result.data).metadata()).pages ?? 1).toBe(1);
    expect(isRed(await pixel(result.data, 16, 16))).toBe(true);
  });

  it("stores a disguised but allowed image as what it really is", async () => {
    const png = await twoTone(40, 40).png().toBuffer();
    const result = await processAvatarUpload(png, { name: "holiday.gif", type: "image/gif" });
    expect(result).toMatchObject({ ok: true, ext: "png", contentType: "image/png" });
  });

  it("refuses a disguised type: SVG, HTML or TIFF named as a PNG or JPEG", async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const html = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");
    const tiff = await twoTone(40, 40).tiff().toBuffer();
    for (const [bytes, name, type] of [
      [svg, "avatar.png", "image/png"],
      [html, "avatar.png", "image/png"],
      [tiff, "avatar.jpg", "image/jpeg"],
    ] as const) {
      expect(await processAvatarUpload(bytes, { name, type })).toEqual({ ok: false, error: AVATAR_TYPE_MESSAGE });
    }
  });

  it("refuses a non-image with an image extension, and corrupt data behind a real signature", async () => {
    const text = Buffer.from("Just some notes, not a picture at all.\n");
    expect(await processAvatarUpload(text, { name: "notes.jpg", type: "image/jpeg" })).toEqual({
      ok: false,
      error: AVATAR_TYPE_MESSAGE,
    });
    const fakeJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 0x41)]);
    expect(await processAvatarUpload(fakeJpeg, { name: "photo.jpg", type: "image/jpeg" })).toEqual({
      ok: false,
      error: AVATAR_TYPE_MESSAGE,
    });
    expect(await processAvatarUpload(new Uint8Array(), { name: "empty.png", type: "image/png" })).toEqual({
      ok: false,
      error: AVATAR_TYPE_MESSAGE,
    });
  });

  it("refuses a file over 5 MB before decoding it, and accepts one of exactly 5 MB", async () => {
    // A real JPEG padded to 6 MB: it would decode, so only the size check can refuse it.
    const jpeg = await twoTone(64, 64).jpeg().toBuffer();
    const sixMb = Buffer.concat([jpeg, Buffer.alloc(6 * 1024 * 1024 - jpeg.length)]);
    expect(await processAvatarUpload(sixMb, { name: "huge.jpg", type: "image/jpeg" })).toEqual({
      ok: false,
      error: AVATAR_SIZE_MESSAGE,
    });
    const justOver = Buffer.concat([jpeg, Buffer.alloc(AVATAR_MAX_BYTES + 1 - jpeg.length)]);
    expect(await processAvatarUpload(justOver, { name: "a.jpg", type: "image/jpeg" })).toMatchObject({ ok: false });
    const exactly = Buffer.concat([jpeg, Buffer.alloc(AVATAR_MAX_BYTES - jpeg.length)]);
    expect(await processAvatarUpload(exactly, { name: "a.jpg", type: "image/jpeg" })).toMatchObject({ ok: true });
  });

  it("refuses a decompression bomb (a small file claiming too many pixels)", async () => {
    const bomb = await sharp({ create: { width: 8000, height: 7000, channels: 3, background: "#ffffff" } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    expect(await processAvatarUpload(bomb, { name: "white.png", type: "image/png" })).toEqual({
      ok: false,
      error: AVATAR_TYPE_MESSAGE,
    });
  });
});
