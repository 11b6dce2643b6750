import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// Every reference in the code and the docs points at a document the repository holds:
// docs/product.md sections ("docs/product.md §8.4") or decision records ("decision 061").
// Citations of the planning documents and the issue tracker, which a clone does not have, fail
// here. The patterns are assembled from pieces so this file does not match itself.

const ROOT = path.resolve(import.meta.dirname, "../..");
const FOLDERS = ["app", "server", "scripts", "tests", "docs"];
const ROOT_FILES = ["server.js", "README.md", "playwright.config.ts", "vite.config.ts", "vitest.config.ts", "eslint.config.js", "react-router.config.ts", "drizzle.config.ts"];
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|css|json|sql)$/;

const planning = ["SP" + "EC", "DES" + "IGN"].join("|");
const FORBIDDEN = [
  new RegExp(`\\b(${planning}) ?(§|D[0-9])`),
  new RegExp(`\\b(${planning})'s\\b`),
  new RegExp("\\b[Ii]" + "ssue ?#?[0-9]+"),
];

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (TEXT.test(name)) yield full;
  }
}

function offences(): string[] {
  const found: string[] = [];
  const all = [...FOLDERS.flatMap((f) => [...files(path.join(ROOT, f))]), ...ROOT_FILES.map((f) => path.join(ROOT, f))];
  for (const file of all) {
    const lines = readFileSync(file, "utf8").split("\n");
    lines.forEach((line, i) => {
      if (FORBIDDEN.some((re) => re.test(line))) found.push(`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`);
    });
  }
  return found;
}

describe("references in code and docs", () => {
  it("cite only documents in the repository", () => {
    expect(offences()).toEqual([]);
  });

  it("would catch a citation of a document outside the repository", () => {
    const sample = ["// see " + "SP" + "EC §5", "// " + "DES" + "IGN D18", "// from i" + "ssue 7 item 2"];
    for (const line of sample) expect(FORBIDDEN.some((re) => re.test(line))).toBe(true);
    expect(FORBIDDEN.some((re) => re.test("// docs/product.md §8.4 and decision 061"))).toBe(false);
  });
});
