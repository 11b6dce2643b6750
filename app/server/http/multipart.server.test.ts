import { describe, expect, it } from "vitest";
import { AVATAR_SIZE_MESSAGE } from "~/validation/settings";
import { readLimitedFormData, UNREADABLE_FORM_MESSAGE } from "~/server/http/multipart.server";

const LIMIT = 64 * 1024;
const options = { maxBytes: LIMIT, tooLargeMessage: AVATAR_SIZE_MESSAGE };

function formRequest(form: FormData) {
  return new Request("http://localhost/settings", { method: "POST", body: form });
}

/** A body of `total` bytes, sent in 8 KB chunks with no Content-Length; counts what was pulled. */
function streamedRequest(total: number) {
  let pulled = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled >= total) return controller.close();
      const chunk = new Uint8Array(Math.min(8192, total - pulled));
      pulled += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const request = new Request("http://localhost/settings", {
    method: "POST",
    body,
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    duplex: "half",
  } as RequestInit);
  return { request, pulled: () => pulled, cancelled: () => cancelled };
}

describe("readLimitedFormData", () => {
  it("parses a form with a file under the limit", async () => {
    const form = new FormData();
    form.set("intent", "avatar");
    form.set("avatar", new File([new Uint8Array(1000).fill(7)], "me.png", { type: "image/png" }));
    const result = await readLimitedFormData(formRequest(form), options);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.form.get("intent")).toBe("avatar");
    const file = result.form.get("avatar") as File;
    expect(file.name).toBe("me.png");
    expect(file.size).toBe(1000);
  });

  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    // As Express hands it over: the client's Content-Length header with a streamed body.
    const streamed = streamedRequest(2 * LIMIT);
    const request = new Request(streamed.request, { headers: { "Content-Length": String(2 * LIMIT) } });
    expect(request.headers.get("content-length")).toBe(String(2 * LIMIT));
    expect(await readLimitedFormData(request, options)).toEqual({ ok: false, status: 413, error: AVATAR_SIZE_MESSAGE });
    expect(streamed.pulled()).toBeLessThanOrEqual(3 * 8192); // at most what the stream queued ahead
  });

  it("stops reading a body with no length as soon as it passes the limit", async () => {
    const streamed = streamedRequest(10 * LIMIT);
    expect(await readLimitedFormData(streamed.request, options)).toEqual({ ok: false, status: 413, error: AVATAR_SIZE_MESSAGE });
    expect(streamed.pulled()).toBeLessThanOrEqual(LIMIT + 3 * 8192);
    expect(streamed.cancelled()).toBe(true);
  });

  it("reports a body that is not a form", async () => {
    const request = new Request("http://localhost/settings", {
      method: "POST",
      body: "not multipart at all",
      headers: { "Content-Type": "multipart/form-data; boundary=nothing-here" },
    });
    expect(await readLimitedFormData(request, options)).toEqual({ ok: false, status: 400, error: UNREADABLE_FORM_MESSAGE });
  });
});
