import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { crc32 } from "node:zlib";

// A local stand-in for Amazon S3 (docs/architecture.md §1: real clients are tested against local servers that
// speak the real protocol). It answers the REST calls the AWS SDK makes with path-style
// addressing, keeps objects in memory, and checks every request's AWS Signature Version 4 the way
// S3 does: it rebuilds the canonical request from what arrived on the wire, signs it with the
// secret it knows and refuses a mismatch with S3's own XML error. So a passing test proves that
// the real client signed the real request correctly, not merely that our code called it.
//
// Supported: PUT/GET/HEAD/DELETE object, PUT/HEAD bucket, ListObjectsV2 (prefix, max-keys,
// continuation tokens, start-after), DeleteObjects (POST ?delete), payload hashes (signed,
// UNSIGNED-PAYLOAD, aws-chunked with a trailing checksum), Content-MD5 and x-amz-checksum-crc32.
// Anything else answers 501 NotImplemented, so a new SDK call cannot pass unnoticed.

export interface StoredObject {
  body: Buffer;
  contentType: string;
  cacheControl?: string;
  contentDisposition?: string;
  metadata: Record<string, string>;
  etag: string;
  lastModified: Date;
}

export interface RecordedRequest {
  method: string;
  /** The raw path as it arrived, e.g. /bucket/profile-pictures/u1/1.png */
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  status: number;
  /** S3's error code when the request was refused. */
  error?: string;
}

export interface S3StandInOptions {
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** Buckets that exist from the start. */
  buckets?: string[];
  /** The most keys one ListObjectsV2 page returns (S3: 1000); lower it to exercise paging. */
  maxKeysPerPage?: number;
  /** Let unsigned GET and HEAD read objects, like a bucket with a public-read policy. */
  publicRead?: boolean;
  /** Allowed clock difference between a request's X-Amz-Date and now (S3: 15 minutes). */
  maxSkewMs?: number;
}

export interface S3StandIn {
  /** The endpoint to give the SDK, e.g. http://127.0.0.1:54321 */
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  /** The first bucket of options.buckets ("test-bucket" by default). */
  readonly bucket: string;
  readonly requests: RecordedRequest[];
  /** The objects of a bucket, by key (live: tests may read or change it). */
  objects(bucket?: string): Map<string, StoredObject>;
  createBucket(name: string): void;
  close(): Promise<void>;
}

const XMLNS = "http://s3.amazonaws.com/doc/2006-03-01/";
const MAX_BODY_BYTES = 64 * 1024 * 1024;

class S3Error extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function escapeXml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function unescapeXml(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (_, entity: string) => {
    const lower = entity.toLowerCase();
    if (lower.startsWith("#x")) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith("#")) return String.fromCodePoint(parseInt(lower.slice(1), 10));
    return { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[lower]!;
  });
}

// ─── Signature Version 4 ────────────────────────────────────────────────────────────────────────

/** RFC 3986 encoding as SigV4 defines it: everything but A–Z a–z 0–9 - _ . ~ is %XX (upper case). */
export function sigV4Encode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    throw new S3Error(400, "InvalidURI", "Couldn't parse the specified URI.");
  }
}

/** S3's canonical URI: each path segment decoded then encoded once; the path is not normalised. */
export function canonicalUri(rawPath: string): string {
  return rawPath
    .split("/")
    .map((segment) => sigV4Encode(safeDecode(segment)))
    .join("/");
}

/** Query parameters encoded and sorted by name, then value; a name without a value gets "=". */
export function canonicalQuery(rawQuery: string, omit: string[] = []): string {
  if (!rawQuery) return "";
  return rawQuery
    .split("&")
    .filter((pair) => pair !== "")
    .map((pair) => {
      const eq = pair.indexOf("=");
      const name = safeDecode(eq === -1 ? pair : pair.slice(0, eq));
      const value = eq === -1 ? "" : safeDecode(pair.slice(eq + 1));
      return [sigV4Encode(name), sigV4Encode(value)] as const;
    })
    .filter(([name]) => !omit.includes(name))
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** Every value of a header as sent (rawHeaders keeps repeats), trimmed, spaces folded, comma-joined. */
function headerValues(req: http.IncomingMessage, name: string): string | undefined {
  const values: string[] = [];
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    if (req.rawHeaders[i]!.toLowerCase() === name) values.push(req.rawHeaders[i + 1]!.trim().replace(/\s+/g, " "));
  }
  return values.length ? values.join(",") : undefined;
}

const hmac = (key: Buffer | string, data: string) => createHmac("sha256", key).update(data, "utf8").digest();
const sha256Hex = (data: string | Buffer) => createHash("sha256").update(data).digest("hex");

export function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), "aws4_request");
}

interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

function parseAuthorization(header: string): ParsedAuthorization {
  const malformed = () =>
    new S3Error(400, "AuthorizationHeaderMalformed", "The authorization header is malformed; the authorization header requires three components: Credential, SignedHeaders, and Signature.");
  if (!header.startsWith("AWS4-HMAC-SHA256 ")) {
    throw new S3Error(400, "InvalidArgument", "Unsupported Authorization Type");
  }
  const parts = new Map<string, string>();
  for (const part of header.slice("AWS4-HMAC-SHA256 ".length).split(",")) {
    const eq = part.indexOf("=");
    if (eq === -1) throw malformed();
    parts.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  const credential = parts.get("Credential")?.split("/");
  const signedHeaders = parts.get("SignedHeaders");
  const signature = parts.get("Signature");
  if (!credential || credential.length !== 5 || credential[4] !== "aws4_request" || !signedHeaders || !signature) throw malformed();
  const [accessKeyId, date, region, service] = credential as [string, string, string, string];
  return { accessKeyId, date, region, service, signedHeaders: signedHeaders.split(";"), signature };
}

interface VerifyContext {
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  maxSkewMs: number;
}

/** Checks a request's SigV4 Authorization header as S3 does; throws S3's error on any mismatch. */
function verifySignature(req: http.IncomingMessage, rawPath: string, rawQuery: string, ctx: VerifyContext) {
  const auth = parseAuthorization(req.headers.authorization!);
  if (auth.accessKeyId !== ctx.accessKeyId) {
    throw new S3Error(403, "InvalidAccessKeyId", "The AWS Access Key Id you provided does not exist in our records.");
  }
  if (auth.service !== "s3") {
    throw new S3Error(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; incorrect service "${auth.service}". This endpoint belongs to "s3".`);
  }
  if (auth.region !== ctx.region) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; the region '${auth.region}' is wrong; expecting '${ctx.region}'`, { Region: ctx.region });
  }
  const amzDate = headerValues(req, "x-amz-date");
  if (!amzDate || !/^\d{8}T\d{6}Z$/.test(amzDate)) {
    throw new S3Error(403, "AccessDenied", "AWS authentication requires a valid Date or x-amz-date header");
  }
  if (amzDate.slice(0, 8) !== auth.date) {
    throw new S3Error(400, "AuthorizationHeaderMalformed", `The authorization header is malformed; Invalid credential date. Date is not the same as X-Amz-Date: "${auth.date}".`);
  }
  const requestTime = Date.UTC(
    +amzDate.slice(0, 4), +amzDate.slice(4, 6) - 1, +amzDate.slice(6, 8),
    +amzDate.slice(9, 11), +amzDate.slice(11, 13), +amzDate.slice(13, 15),
  );
  if (Math.abs(Date.now() - requestTime) > ctx.maxSkewMs) {
    throw new S3Error(403, "RequestTimeTooSkewed", "The difference between the request time and the current time is too large.");
  }
  const signed = new Set(auth.signedHeaders);
  if (!signed.has("host")) {
    throw new S3Error(403, "AccessDenied", "Host header is required to be signed");
  }
  // S3 refuses x-amz-* headers that are not covered by the signature.
  for (const name of Object.keys(req.headers)) {
    if (name.startsWith("x-amz-") && !signed.has(name)) {
      throw new S3Error(403, "AccessDenied", "There were headers present in the request which were not signed", { HeadersNotSigned: name });
    }
  }
  const payloadHash = headerValues(req, "x-amz-content-sha256");
  if (!payloadHash) {
    throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  }
  const canonicalHeaders = auth.signedHeaders.map((name) => `${name}:${headerValues(req, name) ?? ""}\n`).join("");
  const canonicalRequest = [
    req.method,
    canonicalUri(rawPath),
    canonicalQuery(rawQuery),
    canonicalHeaders,
    auth.signedHeaders.join(";"),
    payloadHash,
  ].join("\n");
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256Hex(canonicalRequest)].join("\n");
  const expected = createHmac("sha256", signingKey(ctx.secretAccessKey, auth.date, auth.region, auth.service))
    .update(stringToSign, "utf8")
    .digest();
  const given = Buffer.from(auth.signature, "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new S3Error(
      403,
      "SignatureDoesNotMatch",
      "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      { AWSAccessKeyId: auth.accessKeyId, StringToSign: stringToSign, SignatureProvided: auth.signature, CanonicalRequest: canonicalRequest },
    );
  }
}

// ─── Payloads and checksums ─────────────────────────────────────────────────────────────────────

const crc32Base64 = (data: Buffer) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(crc32(data));
  return out.toString("base64");
};

/** Decodes an aws-chunked body; returns the data and any trailing headers (e.g. a checksum). */
function decodeAwsChunked(body: Buffer): { data: Buffer; trailers: Map<string, string> } {
  const chunks: Buffer[] = [];
  const trailers = new Map<string, string>();
  let offset = 0;
  const invalid = () => new S3Error(400, "IncompleteBody", "The request body terminated unexpectedly");
  for (;;) {
    const lineEnd = body.indexOf("\r\n", offset);
    if (lineEnd === -1) throw invalid();
    const size = parseInt(body.toString("latin1", offset, lineEnd).split(";")[0]!, 16);
    if (Number.isNaN(size)) throw invalid();
    offset = lineEnd + 2;
    if (size === 0) break;
    if (offset + size + 2 > body.length) throw invalid();
    chunks.push(body.subarray(offset, offset + size));
    offset += size + 2;
  }
  for (const line of body.toString("latin1", offset).split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) trailers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { data: Buffer.concat(chunks), trailers };
}

/** The request's payload after checking its declared hash and any checksum against the bytes. */
function checkedPayload(req: http.IncomingMessage, raw: Buffer, authenticated: boolean): Buffer {
  const declared = headerValues(req, "x-amz-content-sha256");
  let data = raw;
  let trailers = new Map<string, string>();
  if (declared === "STREAMING-UNSIGNED-PAYLOAD-TRAILER") {
    ({ data, trailers } = decodeAwsChunked(raw));
    const decodedLength = headerValues(req, "x-amz-decoded-content-length");
    if (decodedLength !== undefined && Number(decodedLength) !== data.length) {
      throw new S3Error(400, "IncompleteBody", "You did not provide the number of bytes specified by the Content-Length HTTP header");
    }
  } else if (declared?.startsWith("STREAMING-")) {
    throw new S3Error(501, "NotImplemented", `The stand-in does not implement ${declared}`);
  } else if (declared && declared !== "UNSIGNED-PAYLOAD") {
    if (!/^[0-9a-f]{64}$/.test(declared)) {
      throw new S3Error(400, "InvalidArgument", "x-amz-content-sha256 must be UNSIGNED-PAYLOAD, STREAMING-…, or a valid sha256 value.");
    }
    if (sha256Hex(raw) !== declared) {
      throw new S3Error(400, "XAmzContentSHA256Mismatch", "The provided 'x-amz-content-sha256' header does not match what was computed.");
    }
  } else if (!declared && authenticated) {
    throw new S3Error(400, "InvalidRequest", "Missing required header for this request: x-amz-content-sha256");
  }
  const crc = headerValues(req, "x-amz-checksum-crc32") ?? trailers.get("x-amz-checksum-crc32");
  if (crc !== undefined && crc !== crc32Base64(data)) {
    throw new S3Error(400, "BadDigest", "The CRC32 you specified did not match the calculated checksum.");
  }
  const md5 = headerValues(req, "content-md5");
  if (md5 !== undefined && md5 !== createHash("md5").update(data).digest("base64")) {
    throw new S3Error(400, "BadDigest", "The Content-MD5 you specified did not match what we received.");
  }
  return data;
}

// ─── The server ─────────────────────────────────────────────────────────────────────────────────

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on("data", (chunk: Buffer) => {
      total += chunk.length;
      if (total > MAX_BODY_BYTES) {
        reject(new S3Error(400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

export async function startS3StandIn(options: S3StandInOptions = {}): Promise<S3StandIn> {
  const region = options.region ?? "eu-west-2";
  const accessKeyId = options.accessKeyId ?? "AKIASTANDIN000000001";
  const secretAccessKey = options.secretAccessKey ?? randomBytes(30).toString("base64");
  const bucketNames = options.buckets ?? ["test-bucket"];
  const maxKeysPerPage = options.maxKeysPerPage ?? 1000;
  const ctx: VerifyContext = { accessKeyId, secretAccessKey, region, maxSkewMs: options.maxSkewMs ?? 15 * 60 * 1000 };
  const buckets = new Map<string, Map<string, StoredObject>>(bucketNames.map((name) => [name, new Map()]));
  const requests: RecordedRequest[] = [];

  const bucketOf = (name: string) => {
    const bucket = buckets.get(name);
    if (!bucket) throw new S3Error(404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: name });
    return bucket;
  };

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const rawPath = q === -1 ? url : url.slice(0, q);
    const rawQuery = q === -1 ? "" : url.slice(q + 1);
    const query = new URLSearchParams(rawQuery);
    const raw = await readBody(req);

    const authenticated = req.headers.authorization !== undefined;
    if (authenticated) {
      verifySignature(req, rawPath, rawQuery, ctx);
    } else if (query.has("X-Amz-Signature")) {
      throw new S3Error(501, "NotImplemented", "The stand-in does not implement presigned URLs");
    } else if (!(options.publicRead && (req.method === "GET" || req.method === "HEAD") && rawPath.split("/").length > 2)) {
      throw new S3Error(403, "AccessDenied", "Access Denied");
    }
    const body = checkedPayload(req, raw, authenticated);

    const slash = rawPath.indexOf("/", 1);
    const bucketName = safeDecode(slash === -1 ? rawPath.slice(1) : rawPath.slice(1, slash));
    const key = slash === -1 ? "" : safeDecode(rawPath.slice(slash + 1));
    if (!bucketName) throw new S3Error(501, "NotImplemented", "The stand-in does not implement ListBuckets");
    if (req.headers["x-amz-copy-source"]) throw new S3Error(501, "NotImplemented", "The stand-in does not implement CopyObject");

    // Bucket operations.
    if (!key) {
      if (req.method === "PUT" && [...query.keys()].every((k) => k === "x-id")) {
        if (buckets.has(bucketName)) {
          throw new S3Error(409, "BucketAlreadyOwnedByYou", "Your previous request to create the named bucket succeeded and you already own it.");
        }
        buckets.set(bucketName, new Map());
        res.writeHead(200, { Location: `/${bucketName}` }).end();
        return;
      }
      const bucket = bucketOf(bucketName);
      if (req.method === "HEAD") {
        res.writeHead(200, { "x-amz-bucket-region": region }).end();
        return;
      }
      if (req.method === "GET" && query.get("list-type") === "2") {
        listObjectsV2(res, bucketName, bucket, query);
        return;
      }
      if (req.method === "POST" && query.has("delete")) {
        deleteObjects(req, res, bucket, body);
        return;
      }
      throw new S3Error(501, "NotImplemented", `The stand-in does not implement ${req.method} on a bucket with ?${rawQuery}`);
    }

    const bucket = bucketOf(bucketName);
    const unknown = [...query.keys()].filter((k) => k !== "x-id");
    if (unknown.length) throw new S3Error(501, "NotImplemented", `The stand-in does not implement object ?${unknown.join("&")}`);
    switch (req.method) {
      case "PUT": {
        const metadata: Record<string, string> = {};
        for (const [name, value] of Object.entries(req.headers)) {
          if (name.startsWith("x-amz-meta-") && typeof value === "string") metadata[name.slice(11)] = value;
        }
        const object: StoredObject = {
          body,
          contentType: req.headers["content-type"] ?? "binary/octet-stream",
          cacheControl: req.headers["cache-control"],
          contentDisposition: req.headers["content-disposition"],
          metadata,
          etag: `"${createHash("md5").update(body).digest("hex")}"`,
          lastModified: new Date(Math.floor(Date.now() / 1000) * 1000),
        };
        bucket.set(key, object);
        res.writeHead(200, { ETag: object.etag }).end();
        return;
      }
      case "GET":
      case "HEAD": {
        const object = bucket.get(key);
        if (!object) {
          if (req.method === "HEAD") throw new S3Error(404, "NotFound", "Not Found");
          throw new S3Error(404, "NoSuchKey", "The specified key does not exist.", { Key: key });
        }
        const headers: http.OutgoingHttpHeaders = {
          "Content-Type": object.contentType,
          "Content-Length": object.body.length,
          ETag: object.etag,
          "Last-Modified": object.lastModified.toUTCString(),
          "Accept-Ranges": "bytes",
        };
        if (object.cacheControl) headers["Cache-Control"] = object.cacheControl;
        if (object.contentDisposition) headers["Content-Disposition"] = object.contentDisposition;
        for (const [name, value] of Object.entries(object.metadata)) headers[`x-amz-meta-${name}`] = value;
        res.writeHead(200, headers);
        res.end(req.method === "GET" ? object.body : undefined);
        return;
      }
      case "DELETE":
        // S3 answers 204 whether or not the key existed.
        bucket.delete(key);
        res.writeHead(204).end();
        return;
      default:
        throw new S3Error(405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  function listObjectsV2(res: http.ServerResponse, bucketName: string, bucket: Map<string, StoredObject>, query: URLSearchParams) {
    if (query.has("delimiter")) throw new S3Error(501, "NotImplemented", "The stand-in does not implement delimiter");
    const prefix = query.get("prefix") ?? "";
    const requested = query.has("max-keys") ? Number(query.get("max-keys")) : 1000;
    if (!Number.isInteger(requested) || requested < 0) throw new S3Error(400, "InvalidArgument", "Provided max-keys not an integer or within integer range");
    const maxKeys = Math.min(requested, maxKeysPerPage);
    const token = query.get("continuation-token");
    let after = query.get("start-after") ?? "";
    if (token !== null) {
      after = Buffer.from(token, "base64url").toString("utf8");
      if (!token) throw new S3Error(400, "InvalidArgument", "The continuation token provided is incorrect");
    }
    const urlEncode = query.get("encoding-type") === "url";
    const enc = (value: string) => escapeXml(urlEncode ? sigV4Encode(value).replace(/%2F/g, "/") : value);
    // S3 lists keys in UTF-8 binary order.
    const keys = [...bucket.keys()]
      .filter((k) => k.startsWith(prefix) && k > after)
      .sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    const page = keys.slice(0, maxKeys);
    const truncated = keys.length > page.length;
    const contents = page
      .map((k) => {
        const o = bucket.get(k)!;
        return `<Contents><Key>${enc(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${escapeXml(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
      })
      .join("");
    const body = xml(
      `<ListBucketResult xmlns="${XMLNS}"><Name>${escapeXml(bucketName)}</Name><Prefix>${enc(prefix)}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${truncated}</IsTruncated>` +
        (token !== null ? `<ContinuationToken>${escapeXml(token)}</ContinuationToken>` : "") +
        (truncated ? `<NextContinuationToken>${Buffer.from(page.at(-1)!).toString("base64url")}</NextContinuationToken>` : "") +
        (urlEncode ? "<EncodingType>url</EncodingType>" : "") +
        contents +
        `</ListBucketResult>`,
    );
    res.writeHead(200, { "Content-Type": "application/xml" }).end(body);
  }

  function deleteObjects(req: http.IncomingMessage, res: http.ServerResponse, bucket: Map<string, StoredObject>, body: Buffer) {
    // S3 insists on an integrity check for this call.
    const hasChecksum = Object.keys(req.headers).some((h) => h === "content-md5" || h.startsWith("x-amz-checksum-"));
    if (!hasChecksum && !headerValues(req, "x-amz-trailer")) {
      throw new S3Error(400, "InvalidRequest", "Missing required header for this request: Content-MD5 OR x-amz-checksum-*");
    }
    const text = body.toString("utf8");
    if (!/<Delete[\s>]/.test(text)) throw new S3Error(400, "MalformedXML", "The XML you provided was not well-formed or did not validate against our published schema");
    const keys = [...text.matchAll(/<Object>\s*<Key>([\s\S]*?)<\/Key>[\s\S]*?<\/Object>/g)].map((m) => unescapeXml(m[1]!));
    if (keys.length === 0 || keys.length > 1000) {
      throw new S3Error(400, "MalformedXML", "The XML you provided was not well-formed or did not validate against our published schema");
    }
    const quiet = /<Quiet>\s*true\s*<\/Quiet>/i.test(text);
    for (const key of keys) bucket.delete(key);
    const deleted = quiet ? "" : keys.map((k) => `<Deleted><Key>${escapeXml(k)}</Key></Deleted>`).join("");
    res.writeHead(200, { "Content-Type": "application/xml" }).end(xml(`<DeleteResult xmlns="${XMLNS}">${deleted}</DeleteResult>`));
  }

  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const record: RecordedRequest = {
      method: req.method ?? "",
      path: q === -1 ? url : url.slice(0, q),
      query: new URLSearchParams(q === -1 ? "" : url.slice(q + 1)),
      headers: req.headers,
      status: 0,
    };
    requests.push(record);
    const requestId = randomBytes(8).toString("hex").toUpperCase();
    res.setHeader("x-amz-request-id", requestId);
    res.setHeader("Server", "S3StandIn");
    handle(req, res)
      .catch((error: unknown) => {
        const e = error instanceof S3Error ? error : new S3Error(500, "InternalError", String(error));
        record.error = e.code;
        if (res.headersSent) return void res.destroy();
        const extra = Object.entries(e.extra).map(([k, v]) => `<${k}>${escapeXml(v)}</${k}>`).join("");
        const body = xml(`<Error><Code>${e.code}</Code><Message>${escapeXml(e.message)}</Message>${extra}<RequestId>${requestId}</RequestId></Error>`);
        res.writeHead(e.status, { "Content-Type": "application/xml" });
        res.end(req.method === "HEAD" ? undefined : body);
      })
      .finally(() => {
        record.status = res.statusCode;
      });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    endpoint: `http://127.0.0.1:${port}`,
    region,
    accessKeyId,
    secretAccessKey,
    bucket: bucketNames[0] ?? "test-bucket",
    requests,
    objects: (name = bucketNames[0] ?? "test-bucket") => bucketOf(name),
    createBucket(name) {
      if (!buckets.has(name)) buckets.set(name, new Map());
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
