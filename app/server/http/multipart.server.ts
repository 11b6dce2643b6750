// Reads a multipart (or urlencoded) form from a request without ever holding more than a set
// number of bytes: request.formData() on its own would buffer a body of any size, so one huge
// upload could exhaust the server's memory (decision 050).

export type LimitedFormResult =
  | { ok: true; form: FormData }
  | { ok: false; status: 400 | 413; error: string };

export const UNREADABLE_FORM_MESSAGE = "The upload could not be read. Please try again.";

/**
 * Parses the request's form if its body is at most `maxBytes`. A declared Content-Length over the
 * limit is refused before anything is read; otherwise the body is read up to the limit and the
 * stream is cancelled as soon as it goes past it (a client may send no length, or lie).
 */
export async function readLimitedFormData(
  request: Request,
  { maxBytes, tooLargeMessage }: { maxBytes: number; tooLargeMessage: string },
): Promise<LimitedFormResult> {
  const tooLarge = { ok: false, status: 413, error: tooLargeMessage } as const;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > maxBytes) {
    await request.body?.cancel().catch(() => {});
    return tooLarge;
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (request.body) {
    const reader = request.body.getReader();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        total += value.byteLength;
        if (total > maxBytes) {
          await reader.cancel().catch(() => {});
          return tooLarge;
        }
        chunks.push(value);
      }
    } catch {
      return { ok: false, status: 400, error: UNREADABLE_FORM_MESSAGE };
    }
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  const contentType = request.headers.get("content-type");
  try {
    const form = await new Response(body, { headers: contentType ? { "content-type": contentType } : {} }).formData();
    return { ok: true, form };
  } catch {
    return { ok: false, status: 400, error: UNREADABLE_FORM_MESSAGE };
  }
}
