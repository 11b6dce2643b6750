// Storage keys: the one naming rule every backend applies (see index.server.ts).

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

/** Throws unless the key is a plain relative path (no "..", no leading "/", no backslashes). */
export function assertStorageKey(key: string): void {
  if (key.length > 512 || !KEY_PATTERN.test(key) || key.split("/").some((part) => part === "." || part === "..")) {
    throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

/** The key of a profile picture (docs/product.md §13): profile-pictures/<user id>/<timestamp>.<extension>. */
export function profilePictureKey(userId: string, extension: string, now: Date = new Date()): string {
  const key = `profile-pictures/${userId}/${now.getTime()}.${extension.replace(/^\./, "").toLowerCase()}`;
  assertStorageKey(key);
  return key;
}
