import { beforeAll, describe, expect, it } from "vitest";
import { getStorage } from "~/server/storage/index.server";
import { withTemporaryDataDir } from "../../../tests/support/local-storage";
import { contentDisposition, parseRange, servePrivateFile, type PrivateFile } from "./serve-private-file.server";

// The local storage backend in a temporary DATA_DIR; real files, real streams, nothing stubbed.

withTemporaryDataDir("sc-private-file-");

/** 1000 bytes, each its own index modulo 256, so any slice shows where it came from. */
const BYTES = Uint8Array.from({ length: 1000 }, (_, i) => i % 256);
const SIZE = BYTES.length;
const FILE: PrivateFile = {
  key: "private/courses/strength/week-1.pdf",
  contentType: "application/pdf",
  fileName: "Week 1.pdf",
  disposition: "attachment",
};
const VIDEO: PrivateFile = {
  key: "private/courses/strength/lesson-1.mp4",
  contentType: "video/mp4",
  fileName: "Lesson 1.mp4",
  disposition: "inline",
};

beforeAll(async () => {
  await getStorage().put(FILE.key, BYTES, FILE.contentType);
  await getStorage().put(VIDEO.key, BYTES, VIDEO.contentType);
  await getStorage().put("private/empty.txt", new Uint8Array(0), "text/plain");
});

function request(headers: Record<string, string> = {}, method = "GET"): Request {
  return new Request("http://localhost/learn/files/1", { method, headers });
}

async function bytes(response: Response): Promise<Uint8Array> {
  return new Uint8Array(await response.arrayBuffer());
}

describe("servePrivateFile", () => {
  it("sends the whole file with its type, a safe disposition and no caching", async () => {
    const response = await servePrivateFile(request(), FILE);
    expect(response.status).toBe(200);
    const h = response.headers;
    expect(h.get("content-type")).toBe("application/pdf");
    expect(h.get("content-length")).toBe(String(SIZE));
    expect(h.get("accept-ranges")).toBe("bytes");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("cache-control")).toBe("private, no-store");
    expect(h.get("content-disposition")).toBe('attachment; filename="Week 1.pdf"');
    expect(h.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(h.get("last-modified")).toMatch(/ GMT$/);
    // A PDF gets framing forbidden only: Chrome's viewer shows nothing under default-src 'none'.
    expect(h.get("content-security-policy")).toBe("frame-ancestors 'none'");
    expect(await bytes(response)).toEqual(BYTES);
  });

  it("gives anything but a PDF a policy under which nothing runs", async () => {
    for (const contentType of ["video/mp4", "text/html", "image/svg+xml", "application/octet-stream"]) {
      const response = await servePrivateFile(request(), { ...VIDEO, contentType });
      expect(response.headers.get("content-type")).toBe(contentType);
      expect(response.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox; frame-ancestors 'none'");
      await response.body?.cancel();
    }
    const inline = await servePrivateFile(request(), VIDEO);
    expect(inline.headers.get("content-disposition")).toBe('inline; filename="Lesson 1.mp4"');
    await inline.body?.cancel();
  });

  it.each([
    ["bytes=0-99", 0, 99],
    ["bytes=100-199", 100, 199],
    ["bytes=990-", 990, 999],
    ["bytes=-10", 990, 999],
    ["bytes=-5000", 0, 999],
    ["bytes=995-5000", 995, 999],
    ["bytes=999-999", 999, 999],
    ["Bytes=0-0", 0, 0],
  ])("answers %s with 206 and bytes %i-%i", async (range, start, end) => {
    const response = await servePrivateFile(request({ Range: range }), VIDEO);
    expect(response.status).toBe(206);
    expect(response.headers.get("content-range")).toBe(`bytes ${start}-${end}/${SIZE}`);
    expect(response.headers.get("content-length")).toBe(String(end - start + 1));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(await bytes(response)).toEqual(BYTES.slice(start, end + 1));
  });

  it.each(["bytes=1000-", "bytes=1000-1001", "bytes=5-2", "bytes=-0", "bytes=abc", "bytes=", "bytes=-", "bytes=1-2-3", "bytes=0x10-"])(
    "answers %s with 416 and the file's size",
    async (range) => {
      const response = await servePrivateFile(request({ Range: range }), VIDEO);
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe(`bytes */${SIZE}`);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(await response.text()).toBe("Range Not Satisfiable");
    },
  );

  it("sends the whole file for several ranges or another unit", async () => {
    for (const range of ["bytes=0-1, 5-6", "bytes=0-1,", "items=0-1", "0-1"]) {
      const response = await servePrivateFile(request({ Range: range }), VIDEO);
      expect(response.status, range).toBe(200);
      expect(response.headers.get("content-range")).toBeNull();
      expect(await bytes(response)).toEqual(BYTES);
    }
  });

  it("honours If-Range only when it is the file's Last-Modified", async () => {
    const head = await servePrivateFile(request({}, "HEAD"), VIDEO);
    const lastModified = head.headers.get("last-modified")!;
    const same = await servePrivateFile(request({ Range: "bytes=0-9", "If-Range": lastModified }), VIDEO);
    expect(same.status).toBe(206);
    expect(await bytes(same)).toEqual(BYTES.slice(0, 10));
    for (const ifRange of ['"some-etag"', "Thu, 01 Jan 1970 00:00:00 GMT"]) {
      const other = await servePrivateFile(request({ Range: "bytes=0-9", "If-Range": ifRange }), VIDEO);
      expect(other.status, ifRange).toBe(200);
      expect(await bytes(other)).toEqual(BYTES);
    }
  });

  it("answers HEAD with the headers and no body, ignoring Range", async () => {
    for (const headers of [{}, { Range: "bytes=0-9" }] as Record<string, string>[]) {
      const response = await servePrivateFile(request(headers, "HEAD"), FILE);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-length")).toBe(String(SIZE));
      expect(response.headers.get("content-disposition")).toBe('attachment; filename="Week 1.pdf"');
      expect(response.headers.get("accept-ranges")).toBe("bytes");
      expect(response.body).toBeNull();
    }
  });

  it("refuses other methods with 405 and Allow", async () => {
    for (const method of ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"]) {
      const response = await servePrivateFile(request({}, method), FILE);
      expect(response.status, method).toBe(405);
      expect(response.headers.get("allow")).toBe("GET, HEAD");
    }
  });

  it("answers a key with no file with a plain 404", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await servePrivateFile(request({ Range: "bytes=0-1" }, method), { ...FILE, key: "private/none/missing.pdf" });
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("content-disposition")).toBeNull();
      expect(response.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("serves an empty file whole, and any range of it is unsatisfiable", async () => {
    const empty = { ...FILE, key: "private/empty.txt", contentType: "text/plain" };
    const whole = await servePrivateFile(request(), empty);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-length")).toBe("0");
    expect((await bytes(whole)).length).toBe(0);
    for (const range of ["bytes=0-", "bytes=-1"]) {
      const response = await servePrivateFile(request({ Range: range }), empty);
      expect(response.status).toBe(416);
      expect(response.headers.get("content-range")).toBe("bytes */0");
    }
  });
});

describe("parseRange", () => {
  it("reads one range of each form and clamps its end to the file", () => {
    expect(parseRange(null, 10)).toEqual({ kind: "whole" });
    expect(parseRange("bytes=2-4", 10)).toEqual({ kind: "range", start: 2, end: 4 });
    expect(parseRange(" bytes = 2-4 ", 10)).toEqual({ kind: "range", start: 2, end: 4 });
    expect(parseRange("bytes=2-", 10)).toEqual({ kind: "range", start: 2, end: 9 });
    expect(parseRange("bytes=-3", 10)).toEqual({ kind: "range", start: 7, end: 9 });
    expect(parseRange("bytes=0-99999999999999999999", 10)).toEqual({ kind: "range", start: 0, end: 9 });
    expect(parseRange("bytes=99999999999999999999-", 10)).toEqual({ kind: "unsatisfiable" });
  });
});

describe("contentDisposition", () => {
  it.each([
    ["Week 1.pdf", 'attachment; filename="Week 1.pdf"'],
    ['Week 1 "worksheet".pdf', 'attachment; filename="Week 1 worksheet.pdf"'],
    ["Übung.pdf", "attachment; filename=\"Ubung.pdf\"; filename*=UTF-8''%C3%9Cbung.pdf"],
    ["../../etc/passwd", 'attachment; filename="etc_passwd"'],
    ["..\\..\\boot.ini", 'attachment; filename="boot.ini"'],
    ["a/b\\c.pdf", 'attachment; filename="a_b_c.pdf"'],
    [".hidden", 'attachment; filename="hidden"'],
    ["line\r\nSet-Cookie: x=1.pdf", 'attachment; filename="line Set-Cookie: x=1.pdf"'],
    ["tab\there\u0000.pdf", 'attachment; filename="tab here.pdf"'],
    ["report\u202Efdp.exe", "attachment; filename=\"reportfdp.exe\""],
    ["100% done.pdf", "attachment; filename=\"100_ done.pdf\"; filename*=UTF-8''100%25%20done.pdf"],
    ["it's (final)*.pdf", "attachment; filename=\"it's (final)*.pdf\""],
    ["Jo’s plan 💪.pdf", "attachment; filename=\"Jo_s plan _.pdf\"; filename*=UTF-8''Jo%E2%80%99s%20plan%20%F0%9F%92%AA.pdf"],
    ["", 'attachment; filename="download"'],
    ["../", 'attachment; filename="download"'],
  ])("cleans %j", (name, expected) => {
    expect(contentDisposition("attachment", name)).toBe(expected);
  });

  it("encodes the characters RFC 5987 does not allow as they are", () => {
    expect(contentDisposition("inline", "Café (v2)*'.pdf")).toBe(
      "inline; filename=\"Cafe (v2)*'.pdf\"; filename*=UTF-8''Caf%C3%A9%20%28v2%29%2A%27.pdf",
    );
  });

  it("keeps a long name's extension", () => {
    const header = contentDisposition("attachment", `${"x".repeat(400)}.pdf`);
    const name = /filename="([^"]*)"/.exec(header)![1]!;
    expect(name.length).toBe(180);
    expect(name.endsWith("x.pdf")).toBe(true);
  });

  it("always gives a value a browser can parse (a header value, one quoted name)", () => {
    for (const name of ['"', '";x="y', "\u0000\u0001", "a\u2028b", "\\", "%"]) {
      const header = contentDisposition("attachment", name);
      expect(() => new Headers({ "Content-Disposition": header })).not.toThrow();
      expect(header).toMatch(/^attachment; filename="[\x20-\x21\x23-\x7e]*"(; filename\*=UTF-8''[A-Za-z0-9!#$&+\-.^_`|~%]+)?$/);
    }
  });
});
