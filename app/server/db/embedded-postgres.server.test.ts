import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_EMBEDDED_DB_USER, embeddedDatabaseUrl, embeddedPaths, embeddedRunAs, startEmbeddedPostgres } from "./embedded-postgres.server";

const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe("where the embedded database lives", () => {
  it("listens on a socket in DATA_DIR/run, reached by a URL any PostgreSQL client reads", () => {
    const url = embeddedDatabaseUrl("/srv/site/data");
    const client = new pg.Client({ connectionString: url }); // reads the URL; connects to nothing
    expect({ host: client.host, user: client.user, database: client.database }).toEqual({ host: "/srv/site/data/run", user: "postgres", database: "site" });
    expect(embeddedPaths("/srv/site/data").cluster).toBe("/srv/site/data/postgres");
  });

  it("moves the socket to a short folder of its own when DATA_DIR is too deep for a socket path", () => {
    const deep = `/srv/${"very-long-folder-name/".repeat(5)}data`;
    const { socketDir } = embeddedPaths(deep);
    expect(socketDir.length).toBeLessThan(80);
    expect(socketDir).toBe(embeddedPaths(deep).socketDir); // the same every time: scripts find it
    expect(embeddedPaths(`${deep}2`).socketDir).not.toBe(socketDir);
  });
});

describe.skipIf(!isRoot)("started by root", () => {
  it("runs the database as a system user of its own, never as root or the shared nobody", () => {
    expect(embeddedRunAs({})).toMatchObject({ name: DEFAULT_EMBEDDED_DB_USER });
    expect(embeddedRunAs({}, { create: false })!.uid).not.toBe(0);
    expect(() => embeddedRunAs({ EMBEDDED_DB_USER: "nobody" })).toThrowError(/"nobody" is shared by other programs/);
    expect(() => embeddedRunAs({ EMBEDDED_DB_USER: "root" })).toThrowError(/"root" is root\./);
    expect(() => embeddedRunAs({ EMBEDDED_DB_USER: "Not A Name" })).toThrowError(/is not a valid user name/);
    expect(() => embeddedRunAs({ EMBEDDED_DB_USER: "no-such-user-here" }, { create: false })).toThrowError(
      /PostgreSQL refuses to.*"no-such-user-here" does not exist on this machine\. Leave EMBEDDED_DB_USER unset/,
    );
  });

  it("says in one line when that user cannot reach DATA_DIR, creating no database", async () => {
    const parent = fs.mkdtempSync(path.join(os.tmpdir(), "sc-private-")); // 0700, owned by root
    made.push(parent);
    const dataDir = path.join(parent, "inner", "data");
    await expect(startEmbeddedPostgres(dataDir)).rejects.toThrowError(
      `Cannot create the embedded database in DATA_DIR (${dataDir}): user ${DEFAULT_EMBEDDED_DB_USER} may not enter ${parent}.`,
    );
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
  });
});
