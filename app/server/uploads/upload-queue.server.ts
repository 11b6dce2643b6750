import os from "node:os";

// Profile pictures are decoded and re-encoded by sharp: a 12-megapixel photo takes tens of
// megabytes and a good part of a core for a moment. Two limits keep many uploads at once from
// taking the server down (docs/security.md, "Robustness"):
//  - one member's uploads run one at a time, in the order they came; while one runs, at most
//    MEMBER_QUEUE_LIMIT more of hers may wait, and any beyond that are refused at once;
//  - across all members, at most IMAGE_PROCESSING_SLOTS images are processed at the same time
//    (two, or one on a single-core machine); the others wait their turn.
// Several servers share the database: the profile row's lock orders their writes (saveAvatar).
// The coach's site photos (Content tab) keep a line of their own per uploader, under the same
// rules, and take the same image slots (../site-blocks/photos.server.ts).

export const MEMBER_QUEUE_LIMIT = 2;
export const IMAGE_PROCESSING_SLOTS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

export class UploadQueueFullError extends Error {
  constructor() {
    super("Another picture of yours is still being uploaded. Please wait a moment and try again.");
    this.name = "UploadQueueFullError";
  }
}

/** A counting semaphore: at most `slots` tasks run at once, the rest wait in order. */
export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly slots: number) {}

  get busy(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.slots) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next task in line; otherwise it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** Runs tasks for one key (a member's id) one after another, with a bounded line. */
export class PerKeyQueue {
  private readonly lines = new Map<string, { tail: Promise<unknown>; size: number }>();

  constructor(private readonly waitingLimit: number) {}

  /** How many tasks for this key are running or waiting. */
  size(key: string): number {
    return this.lines.get(key)?.size ?? 0;
  }

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const line = this.lines.get(key) ?? { tail: Promise.resolve(), size: 0 };
    // One running, `waitingLimit` waiting.
    if (line.size > this.waitingLimit) return Promise.reject(new UploadQueueFullError());
    line.size += 1;
    this.lines.set(key, line);
    const result = line.tail.then(task);
    line.tail = result.then(
      () => undefined,
      () => undefined,
    );
    void line.tail.then(() => {
      line.size -= 1;
      if (line.size === 0 && this.lines.get(key) === line) this.lines.delete(key);
    });
    return result;
  }
}

// On globalThis so the development server's module reloads keep one of each.
const state = globalThis as typeof globalThis & { __avatarQueue?: PerKeyQueue; __sitePhotoQueue?: PerKeyQueue; __imageSlots?: Slots };

export const avatarQueue = (state.__avatarQueue ??= new PerKeyQueue(MEMBER_QUEUE_LIMIT));
export const sitePhotoQueue = (state.__sitePhotoQueue ??= new PerKeyQueue(MEMBER_QUEUE_LIMIT));
export const imageSlots = (state.__imageSlots ??= new Slots(IMAGE_PROCESSING_SLOTS));
