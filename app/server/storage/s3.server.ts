import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { getServerEnv, type ServerEnv } from "~/config/env.server";
import { ConfigError } from "~/config/site";
import { assertByteRange, type ByteRange, type FileStorage } from "./file-storage.server";
import { assertStorageKey } from "./keys.server";

// The production backend (docs/architecture.md §1): an S3 bucket, or any S3-compatible service (Cloudflare R2,
// Backblaze B2, MinIO, DigitalOcean Spaces…) through S3_ENDPOINT, with the real AWS SDK v3.
// Every server of a load-balanced deployment sees the same files. Decisions:
// docs/decisions/051-s3-storage-backend.md.

export const S3_DEFAULT_REGION = "eu-west-2";

/**
 * Keys are unique per upload (docs/product.md §13: a timestamp in every name), so an object never changes
 * once written and browsers and CDNs may keep it for a year.
 */
export const IMMUTABLE_CACHE_CONTROL = "public, max-age=31536000, immutable";

export interface S3StorageConfig {
  bucket: string;
  region: string;
  /** An S3-compatible service's address; path-style addressing is used when set. */
  endpoint?: string;
  /** Both or neither; without them the SDK's default chain is used (IAM role, profile…). */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Where browsers load objects from (a CDN or the bucket's public domain); key is appended. */
  publicUrl?: string;
}

function httpUrl(variable: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError([{ field: variable, reason: "must be an http(s) URL" }]);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ConfigError([{ field: variable, reason: "must be an http(s) URL" }]);
  }
  return value.replace(/\/+$/, "");
}

/** The backend's settings from S3_* variables; throws ConfigError naming a bad one. */
export function s3ConfigFromEnv(env: ServerEnv = getServerEnv()): S3StorageConfig {
  if (!env.S3_BUCKET) throw new ConfigError([{ field: "S3_BUCKET", reason: "is required for S3 storage" }]);
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
    throw new ConfigError([{ field: missing, reason: "must be set together with the other S3 key" }]);
  }
  return {
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? S3_DEFAULT_REGION,
    endpoint: env.S3_ENDPOINT ? httpUrl("S3_ENDPOINT", env.S3_ENDPOINT) : undefined,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL ? httpUrl("S3_PUBLIC_URL", env.S3_PUBLIC_URL) : undefined,
  };
}

export function createS3Client(config: S3StorageConfig): S3Client {
  const options: S3ClientConfig = { region: config.region };
  if (config.accessKeyId && config.secretAccessKey) {
    options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
  }
  if (config.endpoint) {
    options.endpoint = config.endpoint;
    // NOTE: S3-compatible services rarely support virtual-hosted buckets on a custom domain, and
    // several reject the CRC32 checksums the SDK adds by default since 3.729; send checksums only
    // where the API requires them (DeleteObjects) for those services.
    options.forcePathStyle = true;
    options.requestChecksumCalculation = "WHEN_REQUIRED";
    options.responseChecksumValidation = "WHEN_REQUIRED";
  }
  return new S3Client(options);
}

/** A key as it appears in a URL path: each segment percent-encoded, slashes kept. */
function urlPath(key: string): string {
  return key.split("/").map(encodeURIComponent).join("/");
}

/**
 * True for S3's answer that there is no object under the key: NoSuchKey from GetObject, and a
 * bare 404 from HeadObject (a HEAD answer has no body, so the SDK names it NotFound).
 * NOTE: without s3:ListBucket on the bucket, S3 answers a missing key with 403 AccessDenied
 * instead, which stays an error: give the site's credentials ListBucket as well as GetObject.
 */
function isMissingObject(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

/**
 * Only the bytes start..end (inclusive) of a stream that begins at byte 0, then cancels the rest.
 * For an S3-compatible service that ignores Range and answers 200 with the whole object: without
 * it the caller would send the whole file as if it were the part asked for.
 */
function sliceStream(source: ReadableStream<Uint8Array>, { start, end }: ByteRange): ReadableStream<Uint8Array> {
  const reader = source.getReader();
  let position = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (position > end) {
          controller.close();
          await reader.cancel();
          return;
        }
        const { done, value } = await reader.read();
        if (done) {
          controller.close();
          return;
        }
        const chunkStart = position;
        position += value.byteLength;
        const from = Math.max(start - chunkStart, 0);
        const to = Math.min(end + 1 - chunkStart, value.byteLength);
        if (from < to) {
          controller.enqueue(value.subarray(from, to));
          return;
        }
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

function emptyStream(): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({ start: (controller) => controller.close() });
}

export interface S3Storage extends FileStorage {
  readonly kind: "s3";
  readonly client: S3Client;
  readonly bucket: string;
}

// ─── The bucket's own operations, shared with backups and restores (app/server/ops/backup-stores.server.ts) ───

/** The bucket's keys (under `prefix`, if given) a page at a time (at most 1,000), as S3 lists them. */
export async function* listObjectPages(client: S3Client, bucket: string, prefix?: string): AsyncIterable<string[]> {
  let continuationToken: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: continuationToken }));
    yield (page.Contents ?? []).flatMap((object) => (object.Key ? [object.Key] : []));
    continuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (continuationToken);
}

/** Every key in the bucket (under `prefix`, if given). */
export async function* listObjectKeys(client: S3Client, bucket: string, prefix?: string): AsyncIterable<string> {
  for await (const page of listObjectPages(client, bucket, prefix)) yield* page;
}

/** Deletes these keys, 1,000 to a request (DeleteObjects' limit); any key S3 could not delete is an error. */
export async function deleteObjectKeys(client: S3Client, bucket: string, keys: readonly string[]): Promise<void> {
  // An empty page deletes nothing (S3 would refuse a DeleteObjects without keys).
  for (let i = 0; i < keys.length; i += 1000) {
    const Objects = keys.slice(i, i + 1000).map((Key) => ({ Key }));
    const result = await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects, Quiet: true } }));
    if (result.Errors?.length) {
      const first = result.Errors[0]!;
      throw new Error(`S3 could not delete ${result.Errors.length} object(s): ${first.Key} (${first.Code}: ${first.Message})`);
    }
  }
}

/**
 * One object written whole, with its length (so a stream from the disk is never buffered to find
 * it) and the cache rule every upload has.
 */
export async function putObject(
  client: S3Client,
  bucket: string,
  key: string,
  body: Uint8Array | NodeJS.ReadableStream,
  length: number,
  contentType: string | null,
): Promise<void> {
  await client.send(
    new PutObjectCommand({
      Bucket: bucket,
      Key: key,
      Body: body as never,
      ContentLength: length,
      ...(contentType ? { ContentType: contentType } : {}),
      CacheControl: IMMUTABLE_CACHE_CONTROL,
    }),
  );
}

export function createS3Storage(config: S3StorageConfig = s3ConfigFromEnv()): S3Storage {
  const client = createS3Client(config);
  const { bucket } = config;
  const base =
    config.publicUrl ??
    (config.endpoint ? `${config.endpoint}/${encodeURIComponent(bucket)}` : `https://${bucket}.s3.${config.region}.amazonaws.com`);

  return {
    kind: "s3",
    client,
    bucket,
    async put(key, bytes, contentType) {
      assertStorageKey(key);
      await putObject(client, bucket, key, bytes, bytes.byteLength, contentType);
    },
    async putFile(key, sourcePath, contentType) {
      assertStorageKey(key);
      // One PUT streamed from the disk (S3 takes up to 5 GB so; the site's largest file, a
      // lesson's video, is at most 2 GB).
      const { size } = await fs.stat(sourcePath);
      await putObject(client, bucket, key, createReadStream(sourcePath), size, contentType);
    },
    async delete(key) {
      assertStorageKey(key);
      // S3 answers 204 whether or not the object existed.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
    async deletePrefix(prefix) {
      // A folder, never a partial name: "profile-pictures/ab/" must not match "profile-pictures/abc/".
      if (!prefix.endsWith("/")) throw new Error(`Invalid storage prefix: ${JSON.stringify(prefix)}`);
      assertStorageKey(prefix.slice(0, -1));
      // A page holds at most 1,000 keys, DeleteObjects' limit per call, and its continuation
      // token points past the last key listed, so deleting each page as it comes is safe.
      for await (const keys of listObjectPages(client, bucket, prefix)) await deleteObjectKeys(client, bucket, keys);
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `${base}/${urlPath(key)}`;
    },
    async stat(key) {
      assertStorageKey(key);
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { size: head.ContentLength ?? 0, lastModified: head.LastModified ?? new Date(0) };
      } catch (error) {
        if (isMissingObject(error)) return null;
        throw error;
      }
    },
    async read(key, range) {
      assertStorageKey(key);
      if (range) assertByteRange(range);
      let object;
      try {
        object = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: key, Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
      } catch (error) {
        if (isMissingObject(error)) return null;
        // A start past the end: no bytes, as on the local disk.
        if (range && (error as { name?: unknown }).name === "InvalidRange") return emptyStream();
        throw error;
      }
      if (!object.Body) return emptyStream();
      const body = object.Body.transformToWebStream() as ReadableStream<Uint8Array>;
      // A service that honoured the range says which bytes it sent (Content-Range, status 206).
      return range && !object.ContentRange ? sliceStream(body, range) : body;
    },
  };
}
