// Installs a 4000×3000 photo as the coach photo and the hero photo of a site (the database of
// DATA_DIR or DATABASE_URL, and its file storage), the way the Content tab's upload does: for
// `npm run lighthouse -- --photos`, which measures the public pages with photos set
// (docs/performance.md). While the site runs, through the database server it runs.
import { desc, eq } from "drizzle-orm";
import sharp from "sharp";
import { loadServerEnv } from "~/config/env.server";
import { processSitePhoto } from "~/server/site-blocks/photos.server";
import { createDatabaseFromEnv } from "~/server/db/client.server";
import { contentVersions } from "~/server/db/schema";
import { PhotoBlockSchema } from "~/validation/content";

/** A photo-like picture: a soft gradient with noise, so the encoders work as hard as on a real photo. */
async function samplePhoto(): Promise<Uint8Array> {
  const width = 4000;
  const height = 3000;
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
      `<stop offset="0" stop-color="#8d4262"/><stop offset="0.55" stop-color="#eca77e"/><stop offset="1" stop-color="#f4e5ea"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="2000" cy="1300" r="900" fill="#fdfaf5" fill-opacity="0.35"/></svg>`,
  );
  const noise = await sharp({ create: { width, height, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 30 } } }).png().toBuffer();
  return new Uint8Array(await sharp(gradient).composite([{ input: noise, blend: "soft-light" }]).jpeg({ quality: 90 }).toBuffer());
}

async function main(): Promise<number> {
  const env = loadServerEnv();
  const handle = await createDatabaseFromEnv(env, { shared: true });
  try {
    await handle.migrate();
    const bytes = await samplePhoto();
    for (const [block, kind, alt] of [
      ["coachPhoto", "coach", "The coach, smiling, in her garden"],
      ["heroPhoto", "hero", "A woman lifting a kettlebell in the morning light"],
    ] as const) {
      const processed = await processSitePhoto(bytes, kind);
      if (!processed.ok) throw new Error(processed.error);
      const value = PhotoBlockSchema.parse({ photo: processed.photo, alt });
      const [latest] = await handle.db.select({ version: contentVersions.version }).from(contentVersions).where(eq(contentVersions.block, block)).orderBy(desc(contentVersions.version)).limit(1);
      await handle.db.insert(contentVersions).values({ block, version: (latest?.version ?? 0) + 1, value, createdBy: null });
      console.log(`${block}: ${processed.photo.widths.join(", ")} px wide, under ${processed.photo.base}`);
    }
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  },
);
