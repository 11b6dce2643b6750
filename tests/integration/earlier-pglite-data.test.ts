import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDatabase } from "~/server/db/client.server";
import { makeTempDir } from "../support/processes";

// A data directory of the embedded default before PostgreSQL (PGlite, in DATA_DIR/pglite) is no
// longer read or moved: start-up stops with a message saying what to do, and changes nothing
// (docs/decisions/270).

const temp = makeTempDir("sc-earlier-pglite-");
afterAll(() => temp.cleanup());

describe("a data directory of the earlier embedded database (PGlite)", () => {
  it("is refused with a message saying what to do, and left as it was", async () => {
    const dataDir = path.join(temp.dir, "data");
    fs.mkdirSync(path.join(dataDir, "pglite"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "17\n");

    await expect(createDatabase({ dataDir })).rejects.toThrow(
      /pglite holds the site's database in the earlier embedded format \(PGlite\), which this version no longer reads\. Start the site once with a version from 27 November 2026 or earlier/,
    );
    expect(fs.existsSync(path.join(dataDir, "postgres"))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, "pglite", "PG_VERSION"), "utf8")).toBe("17\n");
  });
});
