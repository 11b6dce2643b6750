import { describe, expect, it } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { ConfigError } from "~/config/site";
import { createS3Storage, s3ConfigFromEnv, S3_DEFAULT_REGION } from "./s3.server";

// Configuration only; the backend's calls are tested against the S3 stand-in
// (tests/integration/storage-s3.test.ts).

// The SDK warns once per process that its 2027 releases will need Node 22 (docs/architecture.md §7: Node 20).
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = "true";

const env = (values: Record<string, string>) => loadServerEnv({ NODE_ENV: "test", ...values });

function configError(values: Record<string, string>) {
  try {
    s3ConfigFromEnv(env(values));
  } catch (error) {
    if (error instanceof ConfigError) return error.issues;
    throw error;
  }
  throw new Error("expected a ConfigError");
}

describe("s3ConfigFromEnv", () => {
  it("reads the S3_* variables, with the default region and trailing slashes trimmed", () => {
    expect(
      s3ConfigFromEnv(
        env({
          S3_BUCKET: "avatars",
          S3_ENDPOINT: "https://account.r2.cloudflarestorage.com/",
          S3_ACCESS_KEY_ID: "id",
          S3_SECRET_ACCESS_KEY: "secret",
          S3_PUBLIC_URL: "https://media.example.com//",
        }),
      ),
    ).toEqual({
      bucket: "avatars",
      region: S3_DEFAULT_REGION,
      endpoint: "https://account.r2.cloudflarestorage.com",
      accessKeyId: "id",
      secretAccessKey: "secret",
      publicUrl: "https://media.example.com",
    });
    expect(s3ConfigFromEnv(env({ S3_BUCKET: "b", S3_REGION: "eu-central-1" }))).toMatchObject({
      region: "eu-central-1",
      endpoint: undefined,
      accessKeyId: undefined,
    });
  });

  it("names the variable that is missing or malformed", () => {
    expect(configError({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "id" })).toEqual([
      { field: "S3_SECRET_ACCESS_KEY", reason: "must be set together with the other S3 key" },
    ]);
    expect(configError({ S3_BUCKET: "b", S3_SECRET_ACCESS_KEY: "s" })[0]?.field).toBe("S3_ACCESS_KEY_ID");
    expect(configError({ S3_BUCKET: "b", S3_ENDPOINT: "minio:9000" })[0]?.field).toBe("S3_ENDPOINT");
    expect(configError({ S3_BUCKET: "b", S3_PUBLIC_URL: "ftp://example.com" })[0]?.field).toBe("S3_PUBLIC_URL");
    expect(configError({})[0]?.field).toBe("S3_BUCKET");
  });
});

describe("createS3Storage", () => {
  it("uses path-style addressing and only required checksums for a custom endpoint", async () => {
    const custom = createS3Storage({ bucket: "b", region: "auto", endpoint: "http://127.0.0.1:9000" });
    expect(custom.client.config.forcePathStyle).toBe(true);
    expect(await custom.client.config.requestChecksumCalculation()).toBe("WHEN_REQUIRED");
    expect(custom.publicUrl("profile-pictures/u/1.png")).toBe("http://127.0.0.1:9000/b/profile-pictures/u/1.png");

    const aws = createS3Storage({ bucket: "b", region: "eu-west-2" });
    expect(aws.client.config.forcePathStyle).toBeFalsy();
    expect(await aws.client.config.requestChecksumCalculation()).toBe("WHEN_SUPPORTED");
  });
});
