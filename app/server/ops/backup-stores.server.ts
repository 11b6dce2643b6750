import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { ServerEnv } from "~/config/env.server";
import { walkFiles } from "~/server/storage/local.server";
import { BackupError, STAGING_PREFIX } from "./backup-format.server";

// Where the uploaded files live, for backups and restores: a local folder or an S3 bucket, read
// and written with the storage layer's own operations (app/server/storage/). A
// restore never writes into the store while it works: it stages the archive's files beside it and
// swaps them in only once the database has committed (decision 252).

/** A restore's files, kept apart from the store until `commit`. */
export interface StagedFiles {
  write(key: string, bytes: Buffer, contentType: string | null): Promise<void>;
  /** Stores the file at `sourcePath` under the key, streamed from the disk. */
  writeFile(key: string, sourcePath: string, contentType: string | null): Promise<void>;
  /** Replaces every file of the store with the staged ones. */
  commit(): Promise<void>;
  /** Deletes the staged files; the store is as it was. */
  discard(): Promise<void>;
}

export interface FileStore {
  kind: "local" | "s3";
  list(): AsyncIterable<string>;
  /** The file's bytes as they are read (never the whole of a large file at once). */
  open(key: string): Promise<{ chunks: AsyncIterable<Uint8Array>; contentType: string | null }>;
  write(key: string, bytes: Buffer, contentType: string | null): Promise<void>;
  /** A place beside the store for a restore's files (checked usable before anything is written). */
  stage(): Promise<StagedFiles>;
}

const stageId = () => `${process.pid}-${randomBytes(4).toString("hex")}`;

export function localFileStore(dir: string): FileStore {
  const root = path.resolve(dir);
  const fileIn = (base: string, key: string) => {
    const file = path.resolve(base, ...key.split("/"));
    if (!file.startsWith(base + path.sep)) throw new BackupError(`The archive names a file outside the uploads folder: ${key}`);
    return file;
  };
  const writeIn = async (base: string, key: string, bytes: Buffer) => {
    const file = fileIn(base, key);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await fs.promises.writeFile(file, bytes);
  };
  return {
    kind: "local",
    list: () => walkFiles(root),
    async open(key) {
      return { chunks: fs.createReadStream(fileIn(root, key), { highWaterMark: 1024 * 1024 }), contentType: null };
    },
    write: (key, bytes) => writeIn(root, key, bytes),
    async stage() {
      // Beside the uploads folder, on the same file system, so the swap is two renames.
      const parent = path.dirname(root);
      const name = path.basename(root);
      await fs.promises.mkdir(parent, { recursive: true });
      await recoverInterruptedSwap(parent, name);
      const id = stageId();
      const staging = path.join(parent, `${name}.restoring-${id}`);
      const replaced = path.join(parent, `${name}.replaced-${id}`);
      await fs.promises.mkdir(staging, { mode: 0o700 });
      const current = await fs.promises.stat(root).catch(() => null);
      if (current && current.dev !== (await fs.promises.stat(staging)).dev) {
        await fs.promises.rm(staging, { recursive: true, force: true });
        throw new BackupError(
          `The uploads folder ${root} is on another file system than ${parent} (a mount of its own), so a restore cannot swap it whole. Nothing was changed. Mount the data directory itself instead, or restore into an empty uploads folder.`,
        );
      }
      return {
        write: (key, bytes) => writeIn(staging, key, bytes),
        async writeFile(key, sourcePath) {
          const file = fileIn(staging, key);
          await fs.promises.mkdir(path.dirname(file), { recursive: true });
          await fs.promises.rename(sourcePath, file).catch(() => fs.promises.copyFile(sourcePath, file));
        },
        async commit() {
          const had = await fs.promises.stat(root).then(
            () => true,
            () => false,
          );
          if (had) await fs.promises.rename(root, replaced);
          try {
            await fs.promises.rename(staging, root);
          } catch (error) {
            if (had) await fs.promises.rename(replaced, root);
            throw error;
          }
          await fs.promises.rm(replaced, { recursive: true, force: true });
        },
        discard: () => fs.promises.rm(staging, { recursive: true, force: true }),
      };
    },
  };
}

/**
 * What a restore killed half-way left beside the uploads folder: staged files are deleted; a
 * folder moved aside by a swap that did not finish is put back if the uploads folder is missing.
 */
async function recoverInterruptedSwap(parent: string, name: string) {
  for (const entry of await fs.promises.readdir(parent)) {
    const full = path.join(parent, entry);
    if (entry.startsWith(`${name}.restoring-`)) await fs.promises.rm(full, { recursive: true, force: true });
    else if (entry.startsWith(`${name}.replaced-`)) {
      const uploads = path.join(parent, name);
      if (fs.existsSync(uploads)) await fs.promises.rm(full, { recursive: true, force: true });
      else await fs.promises.rename(full, uploads);
    }
  }
}

export async function s3FileStore(env: ServerEnv): Promise<FileStore> {
  const { s3ConfigFromEnv, createS3Storage, deleteObjectKeys, listObjectKeys, putObject } = await import("~/server/storage/s3.server");
  const { GetObjectCommand } = await import("@aws-sdk/client-s3");
  const { client, bucket: Bucket } = createS3Storage(s3ConfigFromEnv(env));
  const listAll = (prefix?: string) => listObjectKeys(client, Bucket, prefix);
  async function* list(): AsyncIterable<string> {
    for await (const key of listAll()) if (!key.startsWith(STAGING_PREFIX)) yield key;
  }
  const put = (key: string, body: Buffer | fs.ReadStream, length: number, contentType: string | null) => putObject(client, Bucket, key, body, length, contentType);
  const remove = async (keys: AsyncIterable<string>, keep: (key: string) => boolean = () => false) => {
    // Listed whole first: the listing is never read while it is being deleted from.
    const doomed: string[] = [];
    for await (const key of keys) if (!keep(key)) doomed.push(key);
    await deleteObjectKeys(client, Bucket, doomed);
  };
  return {
    kind: "s3",
    list,
    async open(Key) {
      const got = await client.send(new GetObjectCommand({ Bucket, Key }));
      // In Node the SDK's body is a readable stream of the object's bytes.
      const chunks = (got.Body as AsyncIterable<Uint8Array> | undefined) ?? (async function* () {})();
      return { chunks, contentType: got.ContentType ?? null };
    },
    async write(key, bytes, contentType) {
      await put(key, bytes, bytes.length, contentType);
    },
    async stage() {
      // A bucket has no rename: the files go under a prefix of their own, then are copied to their
      // keys after the database commits, and the old ones deleted (docs/product.md §17.5 says
      // what a failure between those steps leaves).
      const prefix = `${STAGING_PREFIX}${stageId()}/`;
      await remove(listAll(STAGING_PREFIX)); // what an interrupted restore left
      const staged = new Map<string, string | null>();
      return {
        async write(key, bytes, contentType) {
          await put(prefix + key, bytes, bytes.length, contentType);
          staged.set(key, contentType);
        },
        async writeFile(key, sourcePath, contentType) {
          const { size } = await fs.promises.stat(sourcePath);
          await put(prefix + key, fs.createReadStream(sourcePath), size, contentType);
          staged.set(key, contentType);
        },
        async commit() {
          for (const [key, contentType] of staged) {
            const got = await client.send(new GetObjectCommand({ Bucket, Key: prefix + key }));
            await put(key, got.Body as never, got.ContentLength ?? 0, contentType);
          }
          await remove(list(), (key) => staged.has(key));
          await remove(listAll(prefix));
        },
        discard: () => remove(listAll(prefix)),
      };
    },
  };
}

export function fileStoreFromEnv(env: ServerEnv): Promise<FileStore> {
  return env.S3_BUCKET ? s3FileStore(env) : Promise.resolve(localFileStore(path.join(env.DATA_DIR_ABS, "uploads")));
}
