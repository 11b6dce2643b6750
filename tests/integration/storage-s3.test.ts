import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reloadConfig } from "~/config/env.server";
import { getStorage, resetStorage } from "~/server/storage/index.server";
import { createS3Storage, IMMUTABLE_CACHE_CONTROL, type S3Storage, type S3StorageConfig } from "~/server/storage/s3.server";
import { makeTempDir } from "../support/processes";
import { startS3StandIn, type S3StandIn } from "../support/s3-standin";

// The S3 backend through the real AWS SDK against a local server that speaks S3's REST protocol
// and checks Signature Version 4 (tests/support/s3-standin.ts). Nothing of ours is stubbed.

let s3: S3StandIn;

// The SDK warns once per process that its 2027 releases will need Node 22 (docs/architecture.md §7: Node 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

beforeAll(async () => {
  s3 = await startS3StandIn({ buckets: ["avatars"], maxKeysPerPage: 2, publicRead: true });
});

afterAll(async () => {
  await s3.close();
});

function config(overrides: Partial<S3StorageConfig> = {}): S3StorageConfig {
  return {
    bucket: s3.bucket,
    region: s3.region,
    endpoint: s3.endpoint,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    ...overrides,
  };
}

type Middleware = Parameters<S3Client["middlewareStack"]["addRelativeTo"]>[0];

/** Changes the request's headers after the SDK has signed it, as a proxy or an attacker might. */
function changeHeadersAfterSigning(storage: S3Storage, change: (headers: Record<string, string>) => void) {
  const middleware = (next: (args: { request: unknown }) => Promise<unknown>) => async (args: { request: unknown }) => {
    change((args.request as { headers: Record<string, string> }).headers);
    return next(args);
  };
  storage.client.middlewareStack.addRelativeTo(middleware as unknown as Middleware, {
    name: "changeHeadersAfterSigning",
    relation: "after",
    toMiddleware: "httpSigningMiddleware",
  });
}

const png = (label: string) => new TextEncoder().encode(`\x89PNG fake image bytes for ${label}`);

describe("the S3 backend", () => {
  it("puts an object with its content type and immutable caching, readable through the SDK and its public URL", async () => {
    const storage = createS3Storage(config());
    const key = "profile-pictures/user1/1700000000000.png";
    const bytes = png("put");
    await storage.put(key, bytes, "image/png");

    const stored = s3.objects().get(key)!;
    expect(stored.body.equals(Buffer.from(bytes))).toBe(true);
    expect(stored.contentType).toBe("image/png");
    expect(stored.cacheControl).toBe(IMMUTABLE_CACHE_CONTROL);

    // Read back through a separately signed GetObject.
    const reader = new S3Client({
      region: s3.region,
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    const got = await reader.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(Buffer.from(await got.Body!.transformToByteArray()).equals(Buffer.from(bytes))).toBe(true);
    expect(got.ContentType).toBe("image/png");
    expect(got.CacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    reader.destroy();

    // Path-style public URL on the endpoint; a browser (unsigned GET) gets the same bytes.
    const url = storage.publicUrl(key);
    expect(url).toBe(`${s3.endpoint}/avatars/${key}`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    // Every request the backend made was signed and accepted.
    const put = s3.requests.find((r) => r.method === "PUT" && r.path === `/avatars/${key}`)!;
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=[^/]+\/\d{8}\/eu-west-2\/s3\/aws4_request/);
    expect(put.status).toBe(200);
  });

  it("puts a file from the disk as one streamed PUT with its length, type and immutable caching", async () => {
    const storage = createS3Storage(config());
    const temp = makeTempDir("sc-s3-putfile-");
    try {
      const source = path.join(temp.dir, "lesson.mp4");
      const bytes = Buffer.alloc(3 * 1024 * 1024 + 5, 0);
      for (let i = 0; i < bytes.length; i += 1) bytes[i] = i % 253;
      fs.writeFileSync(source, bytes);
      const key = "private/lesson-videos/l1/lesson.mp4";
      await storage.putFile(key, source, "video/mp4");
      const stored = s3.objects().get(key)!;
      expect(stored.body.equals(bytes)).toBe(true);
      expect(stored.contentType).toBe("video/mp4");
      expect(stored.cacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
      const put = s3.requests.find((r) => r.method === "PUT" && r.path === `/avatars/${key}`)!;
      expect(put.status).toBe(200);
      expect(put.headers["content-length"]).toBe(String(bytes.length));
      // The file stays where it was: the caller removes it.
      expect(fs.existsSync(source)).toBe(true);
    } finally {
      temp.cleanup();
    }
  });

  it("deletes one object, and deleting a missing one is not an error", async () => {
    const storage = createS3Storage(config());
    const key = "profile-pictures/user2/1700000000001.jpg";
    await storage.put(key, png("delete"), "image/jpeg");
    expect(s3.objects().has(key)).toBe(true);
    await storage.delete(key);
    expect(s3.objects().has(key)).toBe(false);
    await expect(storage.delete(key)).resolves.toBeUndefined();
  });

  it("deletes every object under a member's folder across list pages, and nothing else", async () => {
    const storage = createS3Storage(config());
    const mine = [1, 2, 3, 4, 5].map((n) => `profile-pictures/user3/170000000000${n}.png`);
    const others = ["profile-pictures/user30/1700000000009.png", "profile-pictures/user4/1700000000009.png"];
    for (const key of [...mine, ...others]) await storage.put(key, png(key), "image/png");
    const before = s3.requests.length;

    await storage.deletePrefix("profile-pictures/user3/");

    for (const key of mine) expect(s3.objects().has(key)).toBe(false);
    for (const key of others) expect(s3.objects().has(key)).toBe(true);
    const made = s3.requests.slice(before);
    // Pages of two keys (the stand-in's limit): three ListObjectsV2 calls and three DeleteObjects.
    const lists = made.filter((r) => r.method === "GET" && r.query.get("list-type") === "2");
    const deletes = made.filter((r) => r.method === "POST" && r.query.has("delete"));
    expect(lists.map((r) => r.query.get("prefix"))).toEqual(Array(3).fill("profile-pictures/user3/"));
    expect(lists.filter((r) => r.query.has("continuation-token"))).toHaveLength(2);
    expect(deletes).toHaveLength(3);
    expect(made.every((r) => r.status === 200)).toBe(true);

    // An empty folder costs one list call and no error.
    await expect(storage.deletePrefix("profile-pictures/nobody/")).resolves.toBeUndefined();
  });

  it("refuses keys and prefixes that are not plain relative paths before calling S3", async () => {
    const storage = createS3Storage(config());
    const before = s3.requests.length;
    await expect(storage.put("../escape.png", png("x"), "image/png")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.delete("/absolute.png")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix("profile-pictures/user3")).rejects.toThrow(/Invalid storage prefix/);
    await expect(storage.deletePrefix("")).rejects.toThrow(/Invalid storage prefix/);
    await expect(storage.deletePrefix("/")).rejects.toThrow(/Invalid storage key/);
    expect(s3.requests.length).toBe(before);
  });

  it("is refused with SignatureDoesNotMatch (403) when signed with the wrong secret", async () => {
    const storage = createS3Storage(config({ secretAccessKey: "not-the-secret-the-bucket-knows" }));
    const key = "profile-pictures/user5/1700000000000.png";
    const error = await storage.put(key, png("wrong"), "image/png").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "SignatureDoesNotMatch", $metadata: { httpStatusCode: 403 } });
    expect(s3.objects().has(key)).toBe(false);
  });

  it("is refused with InvalidAccessKeyId (403) for an unknown access key", async () => {
    const storage = createS3Storage(config({ accessKeyId: "AKIAUNKNOWN000000000" }));
    const error = await storage.delete("profile-pictures/user5/1.png").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "InvalidAccessKeyId", $metadata: { httpStatusCode: 403 } });
  });

  it("is refused when a signed header is changed after signing (the stand-in really checks the canonical request)", async () => {
    const storage = createS3Storage(config());
    changeHeadersAfterSigning(storage, (headers) => {
      headers["content-type"] = "text/html";
    });
    const key = "profile-pictures/user6/1700000000000.png";
    const error = await storage.put(key, png("tampered"), "image/png").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "SignatureDoesNotMatch" });
    expect(s3.objects().has(key)).toBe(false);
  });

  it("uses S3_PUBLIC_URL for public addresses, and the bucket's own host without an endpoint", () => {
    const cdn = createS3Storage(config({ publicUrl: "https://cdn.example.com/media" }));
    expect(cdn.publicUrl("profile-pictures/u1/1.webp")).toBe("https://cdn.example.com/media/profile-pictures/u1/1.webp");
    const aws = createS3Storage(config({ endpoint: undefined }));
    expect(aws.publicUrl("profile-pictures/u1/1.webp")).toBe("https://avatars.s3.eu-west-2.amazonaws.com/profile-pictures/u1/1.webp");
  });
});

/** Everything a stream gives, as one array. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("the S3 backend's stat and read", () => {
  const key = "private/courses/strength/1700000000000.pdf";
  const bytes = Uint8Array.from({ length: 300 }, (_, i) => i % 256);

  it("gives an object's size and last change through HeadObject, and null for a missing key", async () => {
    const storage = createS3Storage(config());
    await storage.put(key, bytes, "application/pdf");
    const before = s3.requests.length;
    const stat = await storage.stat(key);
    expect(stat).toEqual({ size: 300, lastModified: s3.objects().get(key)!.lastModified });
    expect(await storage.stat("private/courses/strength/missing.pdf")).toBeNull();
    const made = s3.requests.slice(before);
    expect(made.map((r) => [r.method, r.status])).toEqual([
      ["HEAD", 200],
      ["HEAD", 404],
    ]);
  });

  it("reads a whole object, a range of it (sent as Range), and null for a missing key", async () => {
    const storage = createS3Storage(config());
    await storage.put(key, bytes, "application/pdf");
    expect(await readAll((await storage.read(key))!)).toEqual(bytes);

    const before = s3.requests.length;
    expect(await readAll((await storage.read(key, { start: 10, end: 19 }))!)).toEqual(bytes.slice(10, 20));
    const get = s3.requests.slice(before).find((r) => r.method === "GET")!;
    expect(get.headers.range).toBe("bytes=10-19");
    expect(get.headers.authorization).toMatch(/SignedHeaders=[^,]*\brange\b/);

    expect(await readAll((await storage.read(key, { start: 0, end: 0 }))!)).toEqual(bytes.slice(0, 1));
    expect(await readAll((await storage.read(key, { start: 290, end: 5000 }))!)).toEqual(bytes.slice(290));
    // The stand-in ignores Range (as some S3-compatible services do) and sends the whole object:
    // the backend still gives only the bytes asked for.
    expect(await readAll((await storage.read(key, { start: 299, end: 299 }))!)).toEqual(bytes.slice(299));

    expect(await storage.read("private/courses/strength/missing.pdf")).toBeNull();
    expect(await storage.read("private/courses/strength/missing.pdf", { start: 0, end: 1 })).toBeNull();
  });

  it("refuses keys and ranges before calling S3, and does not hide other errors", async () => {
    const storage = createS3Storage(config());
    const before = s3.requests.length;
    await expect(storage.stat("../escape.pdf")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read("/absolute.pdf")).rejects.toThrow(/Invalid storage key/);
    await expect(storage.read(key, { start: 5, end: 4 })).rejects.toThrow(RangeError);
    expect(s3.requests.length).toBe(before);

    const wrong = createS3Storage(config({ secretAccessKey: "not-the-secret-the-bucket-knows" }));
    await expect(wrong.read(key)).rejects.toMatchObject({ name: "SignatureDoesNotMatch" });
    await expect(wrong.stat(key)).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });
});

describe("getStorage()", () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (name.startsWith("S3_")) delete process.env[name];
    Object.assign(process.env, saved);
    reloadConfig();
    resetStorage();
  });

  it("chooses the S3 backend when S3_BUCKET is set, configured from the S3_* variables", async () => {
    Object.assign(process.env, {
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_PUBLIC_URL: "https://media.example.com/",
    });
    reloadConfig();
    resetStorage();
    const storage = getStorage();
    expect(storage.kind).toBe("s3");
    const key = "profile-pictures/user7/1700000000000.gif";
    await storage.put(key, png("env"), "image/gif");
    expect(s3.objects().get(key)?.contentType).toBe("image/gif");
    expect(storage.publicUrl(key)).toBe(`https://media.example.com/${key}`);
    await storage.deletePrefix("profile-pictures/user7/");
    expect(s3.objects().has(key)).toBe(false);
  });

  it("stays on the local disk without S3_BUCKET", () => {
    delete process.env.S3_BUCKET;
    reloadConfig();
    resetStorage();
    expect(getStorage().kind).toBe("local");
  });
});

describe("the S3 stand-in's signature check", () => {
  // AWS's published Signature Version 4 examples for S3 ("Examples: Signature calculations in AWS
  // Signature Version 4", Amazon S3 API reference): the same verifier accepts a signature that AWS
  // computed, independently of the SDK, and refuses it once anything it covers changes.
  let example: S3StandIn;
  beforeAll(async () => {
    example = await startS3StandIn({
      region: "us-east-1",
      accessKeyId: "AKIAIOSFODNN7EXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
      buckets: ["examplebucket"],
      maxSkewMs: Number.POSITIVE_INFINITY,
    });
  });
  afterAll(() => example.close());

  function send(path: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
    const url = new URL(example.endpoint);
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, method: "GET", path, headers }, (res) => {
        let body = "";
        res.on("data", (chunk) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on("error", reject);
      req.end();
    });
  }

  const emptyHash = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
  const credential = "AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request";

  it("accepts AWS's GET Object example and refuses it with one header changed", async () => {
    const headers = {
      Host: "examplebucket.s3.amazonaws.com",
      Range: "bytes=0-9",
      "x-amz-content-sha256": emptyHash,
      "x-amz-date": "20130524T000000Z",
      Authorization: `AWS4-HMAC-SHA256 Credential=${credential},SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41`,
    };
    // The signature holds; the virtual-hosted request then names a bucket the path-style stand-in
    // doesn't have, which is S3's next check.
    const accepted = await send("/test.txt", headers);
    expect(accepted.body).toContain("<Code>NoSuchBucket</Code>");

    const refused = await send("/test.txt", { ...headers, Range: "bytes=0-10" });
    expect(refused.status).toBe(403);
    expect(refused.body).toContain("<Code>SignatureDoesNotMatch</Code>");
  });

  it("accepts AWS's ListObjects example (a sorted, encoded query string)", async () => {
    const headers = {
      Host: "examplebucket.s3.amazonaws.com",
      "x-amz-content-sha256": emptyHash,
      "x-amz-date": "20130524T000000Z",
      Authorization: `AWS4-HMAC-SHA256 Credential=${credential},SignedHeaders=host;x-amz-content-sha256;x-amz-date,Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7`,
    };
    // Accepted, then refused as ListBuckets (a bucket-less path), which the stand-in doesn't offer.
    const accepted = await send("/?max-keys=2&prefix=J", headers);
    expect(accepted.body).toContain("<Code>NotImplemented</Code>");
    const refused = await send("/?max-keys=3&prefix=J", headers);
    expect(refused.body).toContain("<Code>SignatureDoesNotMatch</Code>");
  });

  it("refuses unsigned writes, and x-amz-* headers the signature does not cover", async () => {
    const put = await fetch(`${s3.endpoint}/avatars/profile-pictures/x/1.png`, { method: "PUT", body: "x" });
    expect(put.status).toBe(403);
    expect(await put.text()).toContain("<Code>AccessDenied</Code>");

    const storage = createS3Storage(config());
    changeHeadersAfterSigning(storage, (headers) => {
      headers["x-amz-meta-added"] = "after signing";
    });
    const error = await storage.put("profile-pictures/x/2.png", png("unsigned header"), "image/png").catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "AccessDenied", $metadata: { httpStatusCode: 403 } });
    expect(s3.objects().has("profile-pictures/x/2.png")).toBe(false);
  });
});
