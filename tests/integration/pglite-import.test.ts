import fs from "node:fs";
import path from "node:path";
import { asc } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase, createPglite } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { createUser, type CreatedUser } from "../../scripts/factories";
import { freePort, makeTempDir, startServer, type RunningServer } from "../support/processes";

// A data directory left by the earlier embedded default (PGlite in DATA_DIR/pglite) is moved
// into the embedded PostgreSQL server on the first start: the members are all there, can sign
// in, and the old folder is kept as a backup (docs/decisions/201). Only on the embedded default.

const onPostgres = Boolean(process.env.DATABASE_URL);
const temp = makeTempDir("sc-import-");
const dataDir = path.join(temp.dir, "data");
let server: RunningServer | undefined;

afterAll(async () => {
  await server?.stop();
  temp.cleanup();
});

/** Writes a PGlite data directory as the earlier code did (its path, its migrations). */
async function writePgliteDataDir(): Promise<CreatedUser[]> {
  fs.mkdirSync(dataDir, { recursive: true });
  const handle = await createDatabase({ pglite: createPglite(path.join(dataDir, "pglite")) });
  try {
    await handle.migrate();
    const members: CreatedUser[] = [];
    for (const [firstName, lastName] of [["Nia", "Roberts"], ["Siân", "O'Connell"], ["Maud", "Pryce"]] as const) {
      members.push(await createUser(handle.db, { firstName, lastName }));
    }
    return members;
  } finally {
    await handle.close();
  }
}

describe.skipIf(onPostgres)("moving an earlier PGlite data directory", () => {
  it("keeps every member on the first start, and keeps the old folder as a backup", async () => {
    const members = await writePgliteDataDir();
    const port = await freePort();
    const origin = `http://localhost:${port}`;
    server = await startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: origin, LOG_LEVEL: "warn" }, 120_000);

    expect(server.output()).toContain("moving the earlier embedded database (PGlite)");
    expect(fs.existsSync(path.join(dataDir, "pglite"))).toBe(false);
    const backups = fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite-before-postgresql-"));
    expect(backups).toHaveLength(1);
    expect(fs.existsSync(path.join(dataDir, backups[0]!, "PG_VERSION"))).toBe(true);

    // Read through the site's own database server while it runs.
    const handle = await createDatabase({ dataDir, shared: true, poolSize: 1 });
    try {
      const emails = (await handle.db.select({ email: users.email }).from(users).orderBy(asc(users.email))).map((r) => r.email);
      expect(emails).toEqual(members.map((m) => m.user.email).sort());
    } finally {
      await handle.close();
    }

    // A member signs in with the password she had before.
    const response = await fetch(`${origin}/api/auth/sign-in/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ email: members[1]!.user.email, password: members[1]!.password }),
    });
    expect(response.status).toBe(200);

    // The next start finds nothing left to move.
    await server.stop();
    server = await startServer({ DATA_DIR: dataDir, PORT: String(port), SITE_URL: origin, LOG_LEVEL: "warn" }, 120_000);
    expect(server.output()).not.toContain("PGlite");
    expect(fs.readdirSync(dataDir).filter((name) => name.startsWith("pglite"))).toEqual(backups);
  }, 240_000);
});
