import { getServerEnv } from "~/config/env.server";
import { createLocalStorage } from "./local.server";
import { createS3Storage } from "./s3.server";
import type { FileStorage } from "./file-storage.server";

export type { FileStorage } from "./file-storage.server";
export { assertStorageKey, profilePictureKey } from "./keys.server";

// The storage registry: picks the backend the configuration asks for (the interface and its rules
// are in file-storage.server.ts). Routes and models call getStorage(), never a backend directly.

const state = globalThis as typeof globalThis & { __fileStorage?: FileStorage };

/** The configured storage backend (created on first use). */
export function getStorage(): FileStorage {
  return (state.__fileStorage ??= getServerEnv().S3_BUCKET ? createS3Storage() : createLocalStorage());
}

/** Forgets the backend, so the next getStorage() follows a changed environment. */
export function resetStorage(): void {
  delete state.__fileStorage;
}
