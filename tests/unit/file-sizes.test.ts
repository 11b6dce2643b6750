import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One role per file, small enough to read in one go (docs/architecture.md §6 "Size"): no source file under app/, server/ or scripts/ is longer than 450 lines. The site's copy
// (app/content/) is words, not logic, and is left out. A file that grows past it is split by role.

const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "server", "scripts"];
const MAX_LINES = 450;
const SOURCE = /\.(ts|tsx|js|mjs|cjs)$/;

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* sources(full);
    else if (SOURCE.test(name)) yield full;
  }
}

export function longFiles(max = MAX_LINES): string[] {
  const found: string[] = [];
  for (const folder of FOLDERS) {
    for (const file of sources(path.join(ROOT, folder))) {
      const relative = path.relative(ROOT, file);
      if (relative.startsWith(`app${path.sep}content${path.sep}`)) continue;
      const lines = readFileSync(file, "utf8").split("\n").length - 1;
      if (lines > max) found.push(`${relative}: ${lines} lines`);
    }
  }
  return found;
}

describe("source files", () => {
  it(`are at most ${MAX_LINES} lines each (the site's copy aside)`, () => {
    expect(longFiles()).toEqual([]);
  });

  it("would catch a longer one", () => {
    // The longest files are near the limit: a limit of 200 finds some.
    expect(longFiles(200).length).toBeGreaterThan(0);
  });
});
