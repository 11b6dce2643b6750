import fc from "fast-check";
import type { SendOptions } from "./fuzz-site";

// Generators of bad input for tests/integration/fuzz-inputs.test.ts (decision 161): hostile
// strings, wrong types, missing and extra fields, and broken bodies (malformed JSON, truncated
// multipart, wrong content types, huge bodies), built with fast-check.

/** Strings attackers and broken clients send. */
export const HOSTILE_STRINGS = [
  // SQL
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  "\\'; SELECT pg_sleep(5); --",
  "1; UPDATE profiles SET first_name = 'pwned'",
  "$1",
  "%s%s%s%n",
  // HTML and script
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "<svg/onload=alert(1)>",
  "{{7*7}}${7*7}<%= 7*7 %>",
  // CSV formulas (the admin's members export)
  "=HYPERLINK(\"http://evil.example\",\"x\")",
  "+cmd|' /C calc'!A0",
  "-2+3",
  "@SUM(1+1)",
  // Header injection
  "victim@example.com\r\nBcc: everyone@example.com",
  "Subject: hi\r\n\r\nbody",
  "%0d%0aSet-Cookie:%20x=1",
  // Paths, NUL and friends
  "../../../../etc/passwd",
  "..\\..\\windows\\win.ini",
  "%2e%2e%2f%2e%2e%2f",
  "a\u0000b",
  "\u0000",
  "\u0000".repeat(64),
  "\u202e\u0644\u0627\u202c",
  "\ufeff\u200b\u200d",
  "\ud800",
  "\udfff\ud800",
  "😀👩‍👩‍👧‍👦🏳️‍🌈",
  "Z̷̢̛̪a̶̡̛l̸̨̛g̵̢̛o̶̢̚",
  "null",
  "undefined",
  "NaN",
  "-1",
  "1e309",
  "0x7fffffff",
  "9".repeat(400),
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  " ",
  "",
] as const;

/** Characters that break naive code: controls, NUL, bidi overrides, zero-width, surrogates. */
const nastyChar = fc.constantFrom("\u0000", "\u0001", "\u0007", "\b", "\t", "\n", "\r", "\u001b", "\u007f", "\u0085", "\u2028", "\u202e", "\u200b", "\ufeff", "\ud800", "'", '"', "\\", "%", "<", ">", "&", ";", "=", "\u00e9", "\u4e2d", "😀");

/** A huge string (up to about 200 kB). */
export const hugeString = fc.integer({ min: 5_000, max: 200_000 }).chain((length) =>
  fc.constantFrom("A", "é", "😀", "\u0000", "<a>", "%").map((unit) => unit.repeat(Math.ceil(length / unit.length))),
);

/** One bad value for a text field. */
export const badString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 120 }) },
  { weight: 2, arbitrary: fc.string({ unit: nastyChar, minLength: 1, maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 60 }) },
  { weight: 1, arbitrary: hugeString },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean()).map(String) },
);

/** Field names: the form's own, and others (prototype keys, injections, duplicates). */
export function fieldName(known: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: known.length > 0 ? 6 : 0, arbitrary: known.length > 0 ? fc.constantFrom(...known) : fc.constant("x") },
    { weight: 1, arbitrary: fc.constantFrom("__proto__", "constructor", "prototype", "userId", "id", "role", "isAdmin", "admin", "email[]", "a[b][c]", "", " ") },
    { weight: 1, arbitrary: badString.map((s) => s.slice(0, 80)) },
  );
}

/** Form fields with the given ones fixed (e.g. the intent), then others, with duplicates. */
export function badFields(known: readonly string[], fixed: Record<string, string> = {}, value: fc.Arbitrary<string> = badString) {
  return fc.array(fc.tuple(fieldName(known), value), { maxLength: 8 }).map((pairs) => [...Object.entries(fixed), ...pairs] as [string, string][]);
}

/** JSON values of every type (for JSON endpoints), including deep nesting. */
export const badJsonValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: badString },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, 0, -1, 1e308, [], {}, [[[[[]]]]]) },
  { weight: 1, arbitrary: fc.integer({ min: 50, max: 2_000 }).map((depth) => JSON.parse("[".repeat(depth) + "]".repeat(depth)) as unknown) },
);

export function badJsonObject(known: readonly string[]): fc.Arbitrary<Record<string, unknown>> {
  return fc.array(fc.tuple(fieldName(known), badJsonValue), { maxLength: 6 }).map((pairs) => {
    const object: Record<string, unknown> = {};
    for (const [key, value] of pairs) Object.defineProperty(object, key, { value, enumerable: true, configurable: true, writable: true });
    return object;
  });
}

// ─── Bodies ─────────────────────────────────────────────────────────────────────────────────────

export type BadBody =
  | { kind: "form"; pairs: [string, string][] }
  | { kind: "multipart"; pairs: [string, string][]; file: { field: string; name: string; type: string; bytes: Uint8Array } | null }
  | { kind: "json"; value: unknown }
  | { kind: "raw"; contentType: string | null; body: string }
  | { kind: "truncated-multipart"; pairs: [string, string][]; cut: number }
  | { kind: "huge"; contentType: string; size: number };

const contentTypes = fc.constantFrom(
  null,
  "text/plain",
  "application/xml",
  "application/json",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=\"unterminated",
  "application/json; charset=utf-16",
  "application/x-www-form-urlencoded; charset=bogus",
  "image/png",
);

const malformedRaw = fc.oneof(
  fc.constantFrom('{"email": "a@b.c"', "{'single': 'quotes'}", "[1,2,", "\u0000\u0001\u0002", "%ZZ%%%=&&==&", "a=%E0%A4%A", "=&=&=", "{}".repeat(1000), "null", "\"just a string\""),
  fc.string({ unit: "binary", maxLength: 300 }),
);

/** A PNG signature and a few random bytes, an MP4's 'ftyp' box, a text file claiming to be an image, … */
const badFile = fc.record({
  field: fc.constantFrom("avatar", "file", "upload", "email", "video"),
  name: fc.oneof(fc.constantFrom("me.png", "../../etc/passwd", "a.php.png", "x.svg", "\u0000.jpg", "", "😀.webp"), badString.map((s) => s.slice(0, 200))),
  type: fc.constantFrom("image/png", "image/jpeg", "image/gif", "image/webp", "image/svg+xml", "text/html", "application/octet-stream", ""),
  bytes: fc.oneof(
    fc.uint8Array({ maxLength: 2048 }),
    fc.uint8Array({ maxLength: 512 }).map((tail) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail])),
    fc.uint8Array({ maxLength: 512 }).map((tail) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...tail])),
    fc.uint8Array({ maxLength: 512 }).map((tail) => new Uint8Array([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, ...tail])),
    fc.constant(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>')),
    fc.constant(new TextEncoder().encode("GIF89a<script>alert(1)</script>")),
  ),
});

/** A bad body for an endpoint whose form has the given fields (`fixed` ones always sent). */
export function badBody(known: readonly string[], fixed: Record<string, string> = {}, value?: fc.Arbitrary<string>): fc.Arbitrary<BadBody> {
  const pairs = badFields(known, fixed, value);
  return fc.oneof(
    { weight: 6, arbitrary: pairs.map((p): BadBody => ({ kind: "form", pairs: p })) },
    { weight: 2, arbitrary: fc.tuple(pairs, fc.option(badFile)).map(([p, file]): BadBody => ({ kind: "multipart", pairs: p, file })) },
    { weight: 2, arbitrary: badJsonObject(known).map((object): BadBody => ({ kind: "json", value: { ...fixed, ...object } })) },
    { weight: 2, arbitrary: fc.tuple(contentTypes, malformedRaw).map(([contentType, body]): BadBody => ({ kind: "raw", contentType, body })) },
    { weight: 1, arbitrary: fc.tuple(pairs, fc.integer({ min: 1, max: 400 })).map(([p, cut]): BadBody => ({ kind: "truncated-multipart", pairs: p, cut })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom("application/x-www-form-urlencoded", "application/json", "multipart/form-data; boundary=x", "text/plain"), fc.integer({ min: 1, max: 6 }))
        .map(([contentType, megabytes]): BadBody => ({ kind: "huge", contentType, size: megabytes * 1024 * 1024 })),
    },
  );
}

/** A JSON endpoint's bad bodies: mostly JSON of wrong shapes and types, then broken ones. */
export function badJsonBody(known: readonly string[]): fc.Arbitrary<BadBody> {
  return fc.oneof(
    { weight: 6, arbitrary: badJsonObject(known).map((value): BadBody => ({ kind: "json", value })) },
    { weight: 1, arbitrary: badJsonValue.map((value): BadBody => ({ kind: "json", value })) },
    { weight: 2, arbitrary: fc.tuple(contentTypes, malformedRaw).map(([contentType, body]): BadBody => ({ kind: "raw", contentType, body })) },
    { weight: 1, arbitrary: badFields(known).map((pairs): BadBody => ({ kind: "form", pairs })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }).map((megabytes): BadBody => ({ kind: "huge", contentType: "application/json", size: megabytes * 1024 * 1024 })) },
  );
}

function multipartText(pairs: [string, string][], boundary: string): string {
  const escape = (name: string) => name.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
  return pairs.map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${escape(name)}"\r\n\r\n${value}\r\n`).join("") + `--${boundary}--\r\n`;
}

/** The request options that send a body. */
export function encodeBody(body: BadBody): Pick<SendOptions, "form" | "json" | "multipart" | "body" | "headers"> {
  switch (body.kind) {
    case "form": {
      const params = new URLSearchParams();
      for (const [name, value] of body.pairs) params.append(name, value);
      return { body: params.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
    }
    case "multipart": {
      const form = new FormData();
      for (const [name, value] of body.pairs) form.append(name, value);
      if (body.file) form.append(body.file.field, new File([new Uint8Array(body.file.bytes)], body.file.name, { type: body.file.type }));
      return { multipart: form };
    }
    case "json": {
      let text: string;
      try {
        text = JSON.stringify(body.value) ?? "null";
      } catch {
        text = "null";
      }
      return { body: text, headers: { "content-type": "application/json" } };
    }
    case "raw":
      return { body: body.body, headers: body.contentType === null ? {} : { "content-type": body.contentType } };
    case "truncated-multipart": {
      const boundary = "----fuzzBoundary7MA4YWxkTrZu0gW";
      const text = multipartText(body.pairs, boundary);
      return { body: text.slice(0, Math.max(1, text.length - body.cut)), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
    }
    case "huge":
      return { body: new Uint8Array(body.size).fill(0x61), headers: { "content-type": body.contentType } };
  }
}

/** A short description of a body for failure messages. */
export function describeBody(body: BadBody): string {
  const text = JSON.stringify(body, (_key, value: unknown) => {
    if (value instanceof Uint8Array) return `<${value.length} bytes>`;
    if (typeof value === "string" && value.length > 120) return `${value.slice(0, 60)}…(${value.length} chars)`;
    return value;
  });
  return text.length > 600 ? `${text.slice(0, 600)}…` : text;
}
