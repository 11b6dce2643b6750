import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { jobs, marketingConsents, profiles } from "~/server/db/schema";
import { createUser } from "../../scripts/factories";
import { setupTestDatabase } from "../support/db";

// docs/decisions/257-existing-members-switched-off.md: members whose Email Notifications switch was on
// when migration 0013 runs were never asked. The migration turns the switch off, records why, and
// queues each for the email-marketing sync (which takes the 'Member' tag off at the service).
// The template database is migrated while empty, so the migration's data step is run here again
// over members who were there before it.

const t = setupTestDatabase();

function dataStatements(): string[] {
  const file = fs.readFileSync(path.join(process.cwd(), "drizzle", "0013_marketing_consents.sql"), "utf8");
  const data = file.slice(file.indexOf("-- Members whose switch was on"));
  return data
    .split("--> statement-breakpoint")
    .map((part) => part.replace(/^--.*$/gm, "").trim())
    .filter(Boolean);
}

describe("migration 0013 and the members who were never asked", () => {
  it("switches them off, records why, and queues their sync; members already off are left alone", async () => {
    const before = await createUser(t.db, { emailNotifications: true });
    // Before 0013 nobody had a consent record.
    await t.db.delete(marketingConsents);
    const quiet = await createUser(t.db, { emailNotifications: false });

    for (const statement of dataStatements()) await t.db.execute(sql.raw(statement));

    const profileOf = async (userId: string) => (await t.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]!;
    expect((await profileOf(before.user.id)).emailNotifications).toBe(false);
    expect(await t.db.select().from(marketingConsents).where(eq(marketingConsents.userId, before.user.id))).toEqual([
      expect.objectContaining({ given: false, source: "site", wording: expect.stringContaining("you had not been asked whether you wanted news and offers by email") }),
    ]);
    const queued = (await t.db.select().from(jobs).where(eq(jobs.queue, "email-marketing"))).map((job) => job.payload);
    expect(queued).toContainEqual({ userId: before.user.id });
    expect(queued).not.toContainEqual({ userId: quiet.user.id });
    expect(await t.db.select().from(marketingConsents).where(eq(marketingConsents.userId, quiet.user.id))).toEqual([]);
  });
});
