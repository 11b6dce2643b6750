import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { action as contentAction } from "~/routes/admin/content";
import { contentVersions } from "~/server/db/schema";
import { imageSlots, UploadQueueFullError } from "~/server/uploads/upload-queue.server";
import { CONTENT_MESSAGES } from "~/validation/content";
import { signedInMember } from "../support/admin-fixtures";
import { answer, routeArgs, setupAuthEnvironment, TEST_ORIGIN, type CookieJar } from "../support/auth";
import { setupTestDatabase } from "../support/db";

// The coach's photos on the Content tab (docs/product.md §10.13; docs/security.md, "Robustness"):
// the block's version is checked before a photo is decoded, so a photo for a block saved meanwhile
// costs no decoding; and her uploads queue like a member's profile pictures (one at a time, two
// more may wait, beyond that 429), each decoded in one of the shared image slots.

const t = setupTestDatabase();
const env = setupAuthEnvironment();

type Failure = { result: { message: string; field: string | null; changed: boolean } | null };

let jpeg: Buffer;

beforeEach(async () => {
  await t.db.delete(contentVersions);
  jpeg ??= await sharp({ create: { width: 900, height: 600, channels: 3, background: "#7a8c9e" } }).jpeg().toBuffer();
});

afterEach(() => {
  vi.restoreAllMocks();
});

function upload(jar: CookieJar, expectedVersion: string) {
  const form = new FormData();
  for (const [key, value] of Object.entries({ intent: "save-photo", block: "coachPhoto", expectedVersion, alt: "" })) form.append(key, value);
  form.append("photo", new File([new Uint8Array(jpeg)], "coach.jpg", { type: "image/jpeg" }));
  const request = new Request(`${TEST_ORIGIN}/settings/admin/content?block=coachPhoto`, { method: "POST", headers: { origin: TEST_ORIGIN, cookie: jar.header() }, body: form });
  return answer<Failure>(() => contentAction(routeArgs(request)));
}

/** The site photos stored so far (their folders under uploads/site-photos/coach). */
function storedPhotos(): string[] {
  const dir = path.join(env.dataDir, "uploads", "site-photos", "coach");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

/** Takes every image slot until `release` is called: photos can queue but none is decoded. */
async function holdImageSlots() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const blockers = Array.from({ length: imageSlots.slots }, () => imageSlots.run(() => held));
  await expect.poll(() => imageSlots.busy).toBe(imageSlots.slots);
  return async () => {
    release();
    await Promise.all(blockers);
  };
}

describe("the coach's photo uploads", () => {
  it("a photo for a block saved meanwhile is refused (409) before it is decoded", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    expect((await upload(admin.jar, "0")).status).toBe(303);
    const before = storedPhotos();

    const decoding = vi.spyOn(imageSlots, "run");
    const late = await upload(admin.jar, "0");
    expect(late.status).toBe(409);
    expect(late.data.result).toMatchObject({ message: CONTENT_MESSAGES.changedMeanwhile, changed: true });
    expect(decoding).not.toHaveBeenCalled();
    expect(storedPhotos()).toEqual(before);
  });

  it("her uploads run one at a time: two may wait, one more is refused at once (429), and those for an older version are not decoded", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const before = storedPhotos().length;
    const release = await holdImageSlots();
    const decoding = vi.spyOn(imageSlots, "run");

    // Four at once from the same form (version 0): the first takes her turn and waits for a slot.
    const sent = [0, 1, 2, 3].map(() => upload(admin.jar, "0"));
    const refused = await Promise.race(sent.map((answered, i) => answered.then((result) => ({ i, result }))));
    expect(refused.result.status).toBe(429);
    expect(refused.result.data.result).toMatchObject({ message: new UploadQueueFullError().message, field: "photo" });

    await release();
    const statuses = (await Promise.all(sent)).map((result) => result.status).sort();
    // One saved; the two that waited found the block saved meanwhile, and were never decoded.
    expect(statuses).toEqual([303, 409, 409, 429]);
    expect(decoding).toHaveBeenCalledTimes(1);
    expect(storedPhotos()).toHaveLength(before + 1);
  });
});
