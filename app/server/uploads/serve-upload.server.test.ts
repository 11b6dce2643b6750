import { beforeAll, describe, expect, it } from "vitest";
import { getStorage } from "~/server/storage/index.server";
import { withTemporaryDataDir } from "../../../tests/support/local-storage";
import { serveLocalUpload } from "./serve-upload.server";

// /uploads/<key> never serves a key under "private/" (members' files go out only through
// app/server/http/serve-private-file.server.ts), whatever the extension or the spelling of the
// path. The rest of the route is tested in tests/integration/uploads.test.ts.

withTemporaryDataDir("sc-serve-upload-");
const png = new TextEncoder().encode("\x89PNG not really an image");

beforeAll(async () => {
  const storage = getStorage();
  await storage.put("profile-pictures/u1/1700000000000.png", png, "image/png");
  await storage.put("private/courses/strength/week-1.png", png, "image/png");
  await storage.put("private/members/u1/1700000000000.pdf", png, "application/pdf");
  await storage.put("private/1700000000000.svg", png, "image/svg+xml");
});

const request = (pathname: string, method = "GET") => new Request(`http://localhost${pathname}`, { method });

describe("serveLocalUpload and private keys", () => {
  it("serves a public picture (the control)", async () => {
    const response = await serveLocalUpload(request("/uploads/profile-pictures/u1/1700000000000.png"));
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(png);
  });

  it.each([
    "/uploads/private/courses/strength/week-1.png",
    "/uploads/private/members/u1/1700000000000.pdf",
    "/uploads/private/1700000000000.svg",
    "/uploads/%70rivate/courses/strength/week-1.png",
    "/uploads/PRIVATE/courses/strength/week-1.png",
    "/uploads/Private/1700000000000.svg",
  ])("answers %s with a plain 404", async (pathname) => {
    for (const method of ["GET", "HEAD"]) {
      const response = await serveLocalUpload(request(pathname, method));
      expect(response.status, `${method} ${pathname}`).toBe(404);
      expect(response.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      expect(response.headers.get("etag")).toBeNull();
      if (method === "GET") expect(await response.text()).toBe("Not Found");
    }
  });

  it("still serves a public folder whose name only starts with the word", async () => {
    await getStorage().put("private-notes/1700000000000.png", png, "image/png");
    expect((await serveLocalUpload(request("/uploads/private-notes/1700000000000.png"))).status).toBe(200);
  });
});
