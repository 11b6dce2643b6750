import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { BodyTooLargeError, bodyLimitFor, DEFAULT_BODY_LIMIT, limitedBodyStream } from "./body-limit.server";

// The streamed body limit of a route that reads its body itself (a lesson's video): a declared
// length over the limit is refused before anything is read; a body without one fails as soon as
// it passes the limit; a body within it arrives whole.

function incoming(headers: Record<string, string>, chunks: Buffer[]): IncomingMessage & { socket: { destroyed: boolean } } {
  const stream = new PassThrough();
  for (const chunk of chunks) stream.write(chunk);
  stream.end();
  const socket = { destroyed: false, destroy: () => (socket.destroyed = true) };
  return Object.assign(stream, { headers, socket, complete: false }) as unknown as IncomingMessage & { socket: { destroyed: boolean } };
}

const limit = { bytes: 1000, message: "Too large.", streamed: true };

async function readAll(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

describe("limitedBodyStream", () => {
  it("refuses a declared length over the limit before reading, and a malformed one", () => {
    expect(limitedBodyStream(incoming({ "content-length": "1001" }, []), limit)).toEqual({ ok: false, status: 413, message: "Too large." });
    expect(limitedBodyStream(incoming({ "content-length": "-1" }, []), limit)).toMatchObject({ ok: false, status: 400 });
  });

  it("gives a body within the limit whole", async () => {
    const chunks = [Buffer.alloc(400, 1), Buffer.alloc(600, 2)];
    const read = limitedBodyStream(incoming({ "transfer-encoding": "chunked" }, chunks), limit);
    if (!read.ok || !read.body) throw new Error("expected a body");
    expect((await readAll(read.body)).equals(Buffer.concat(chunks))).toBe(true);
  });

  it("fails with BodyTooLargeError once a body without a length passes the limit", async () => {
    const read = limitedBodyStream(incoming({ "transfer-encoding": "chunked" }, [Buffer.alloc(600), Buffer.alloc(600), Buffer.alloc(600)]), limit);
    if (!read.ok || !read.body) throw new Error("expected a body");
    await expect(readAll(read.body)).rejects.toBeInstanceOf(BodyTooLargeError);
  });

  it("after the answer, reads and drops a body the route left unread; far past the limit, closes the connection", async () => {
    const unread = incoming({ "transfer-encoding": "chunked" }, [Buffer.alloc(500), Buffer.alloc(500)]);
    const small = limitedBodyStream(unread, limit);
    if (!small.ok) throw new Error("expected a body");
    small.finish();
    await new Promise((resolve) => unread.once("end", resolve));
    expect(unread.socket.destroyed).toBe(false);

    const huge = incoming({ "transfer-encoding": "chunked" }, Array.from({ length: 20 }, () => Buffer.alloc(1024 * 1024)));
    const read = limitedBodyStream(huge, limit);
    if (!read.ok) throw new Error("expected a body");
    read.finish();
    await expect.poll(() => huge.socket.destroyed).toBe(true);
  });

  it("is the video route's limit (2 GB and the form's framing), and only that route's", () => {
    expect(bodyLimitFor("/settings/admin/courses/video")).toMatchObject({ streamed: true, bytes: 2 * 1024 ** 3 + 64 * 1024 });
    expect(bodyLimitFor("/settings/admin/courses/video.data").streamed).toBe(true);
    expect(bodyLimitFor("/settings/admin/courses/video-upload").streamed).toBe(true);
    expect(bodyLimitFor("/settings/admin/courses").streamed).toBeUndefined();
  });
});

// The bridge's per-route body limits (decision 142; docs/security.md "Request body limits").
describe("bodyLimitFor", () => {
  it("gives a file shared with a member 20 MB and the form's fields, and says so in its 413", () => {
    const limit = bodyLimitFor("/settings/admin/member-files");
    expect(limit.bytes).toBe(20 * 1024 * 1024 + 64 * 1024);
    expect(limit.message).toBe("This upload is too large: a file shared with a member can be at most 20 MB. Nothing was changed.");
    // The dialog's fetcher posts to the route's .data address, which counts as the route.
    expect(bodyLimitFor("/settings/admin/member-files.data").bytes).toBe(limit.bytes);
    expect(bodyLimitFor("/settings/admin/member-files/").bytes).toBe(limit.bytes);
  });

  it("keeps the default for any other admin address", () => {
    expect(bodyLimitFor("/settings/admin").bytes).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/settings/admin/member-files-other").bytes).toBe(DEFAULT_BODY_LIMIT);
  });
});
