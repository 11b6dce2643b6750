import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "~/server/db/client.server";
import { profiles } from "~/server/db/schema";
import type { CookieJar } from "../support/auth";
import { createUser } from "../../scripts/factories";
import { signIn, Site } from "../support/fuzz-site";
import { INTEGRATION_BUILD_MS, INTEGRATION_LONG_MS } from "../support/budgets";

// Profile pictures uploaded at the same time (docs/security.md, "Robustness"): a member's uploads
// are processed one at a time, image processing has a small limit across all members, and every
// replaced file is deleted. Thirty-two uploads at once once left 46 files (one in use) and took the
// server to 1.6 GB.

const PASSWORD = "LiftHeavy2025";
const PARALLEL = 32;
let site: Site;
let jar: CookieJar;
let userId = "";
let photo: Buffer;

/** The server's peak resident memory so far (Linux's VmHWM), in MB. */
function peakMemoryMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) / 1024 : null;
  } catch {
    return null;
  }
}

beforeAll(async () => {
  site = await Site.start({
    name: "avatar-race",
    seed: async (db: Database) => {
      const { user } = await createUser(db, { firstName: "Imogen", lastName: "Hale", email: "imogen-avatar@example.com", password: PASSWORD, emailVerified: true, avatarUrl: null });
      userId = user.id;
    },
  });
  jar = await signIn(site, "imogen-avatar@example.com", PASSWORD);
  // A 12-megapixel photo of noise (about 2.7 MB as JPEG: under the 5 MB limit, costly to decode).
  photo = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } })
    .jpeg({ quality: 60 })
    .toBuffer();
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.close();
});

function upload(name: string): Promise<Response> {
  const form = new FormData();
  form.set("intent", "avatar");
  form.set("avatar", new File([new Uint8Array(photo)], name, { type: "image/jpeg" }));
  return site.send("/settings?js=1", { jar, multipart: form, signal: AbortSignal.timeout(240_000) });
}

function filesOfHers(): string[] {
  const folder = path.join(site.dataDir, "uploads", "profile-pictures", userId);
  return fs.existsSync(folder) ? fs.readdirSync(folder) : [];
}

describe("parallel avatar uploads", () => {
  it(`${PARALLEL} at once leave exactly one file of hers, the one her profile shows`, async () => {
    const pid = site.server!.child.pid!;
    const before = peakMemoryMb(pid);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, (_, i) => upload(`photo-${i}.jpg`).then(async (r) => ({ status: r.status, body: await r.text() }))));
    const after = peakMemoryMb(pid);
    if (before !== null && after !== null) console.info(`Peak memory: ${before.toFixed(0)} MB before, ${after.toFixed(0)} MB after ${PARALLEL} parallel uploads.`);

    // Each answer is either a success or a plain refusal to queue more of hers; never a server error.
    for (const answer of answers) expect([200, 429], answer.body.slice(0, 200)).toContain(answer.status);
    expect(answers.filter((a) => a.status === 200).length).toBeGreaterThan(0);

    const files = filesOfHers();
    const avatarUrl = await site.withDatabase(async (db) => (await db.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.userId, userId)))[0]?.avatarUrl);
    expect(files).toHaveLength(1);
    expect(avatarUrl).toBe(`/uploads/profile-pictures/${userId}/${files[0]}`);
    const served = await site.send(avatarUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");

    // Decoding is limited across the server: 32 twelve-megapixel photos at once stay well under
    // a gigabyte over what the server used before.
    if (before !== null && after !== null) expect(after - before).toBeLessThan(500);
  }, INTEGRATION_BUILD_MS);

  it("a later upload replaces her picture and deletes the file it replaced", async () => {
    const [previous] = filesOfHers();
    const response = await upload("another.jpg");
    expect(response.status).toBe(200);
    const files = filesOfHers();
    expect(files).toHaveLength(1);
    expect(files[0]).not.toBe(previous);
  }, INTEGRATION_LONG_MS);
});
