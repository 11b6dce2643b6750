import { describe, expect, it } from "vitest";
import { createRefreshingReader } from "./refreshing-reader.server";

/** A read the test finishes by hand, counting how often it was asked. */
function controlledRead() {
  const pending: { resolve: (value: string) => void; reject: (error: Error) => void; inputs: readonly unknown[] }[] = [];
  let calls = 0;
  const read = (inputs: readonly [string], previous: string | null) => {
    calls += 1;
    return new Promise<string>((resolve, reject) => pending.push({ resolve, reject, inputs: [...inputs, previous] }));
  };
  return { read, pending, calls: () => calls };
}

describe("a refreshing reader", () => {
  it("reads once for many callers, then answers from memory until the interval has passed", async () => {
    let now = 1_000;
    const source = controlledRead();
    const reader = createRefreshingReader({ inputs: () => ["db"] as const, read: source.read, refreshMs: 2_000, now: () => now });

    const first = reader.get();
    const second = reader.get();
    expect(source.calls()).toBe(1);
    source.pending[0]!.resolve("v1");
    expect(await first).toBe("v1");
    expect(await second).toBe("v1");

    now += 1_999;
    expect(await reader.get()).toBe("v1");
    expect(source.calls()).toBe(1);

    now += 1;
    const third = reader.get();
    expect(source.calls()).toBe(2);
    // The previous reading is handed to the read, for it to answer again if the database fails.
    expect(source.pending[1]!.inputs).toEqual(["db", "v1"]);
    source.pending[1]!.resolve("v2");
    expect(await third).toBe("v2");
    expect(reader.peek()).toBe("v2");
  });

  it("never keeps a reading that started before an invalidation", async () => {
    const source = controlledRead();
    const reader = createRefreshingReader({ inputs: () => ["db"] as const, read: source.read, refreshMs: 60_000 });

    const stale = reader.get();
    reader.invalidate();
    const fresh = reader.get();
    expect(source.calls()).toBe(2);
    source.pending[1]!.resolve("after the change");
    source.pending[0]!.resolve("before the change");
    expect(await stale).toBe("before the change");
    expect(await fresh).toBe("after the change");
    expect(await reader.get()).toBe("after the change");
    expect(source.calls()).toBe(2);
  });

  it("reads again when its inputs change, and answers nothing when there is nothing to read", async () => {
    let database: string | null = "first";
    const seen: string[] = [];
    const reader = createRefreshingReader({
      inputs: () => {
        if (database === null) throw new Error("no database open");
        return [database] as const;
      },
      read: async ([db]) => {
        seen.push(db);
        return `read from ${db}`;
      },
      refreshMs: 60_000,
    });
    expect(await reader.get()).toBe("read from first");
    database = "second";
    expect(reader.peek()).toBeNull();
    expect(await reader.get()).toBe("read from second");
    database = null;
    expect(await reader.get()).toBeNull();
    expect(reader.peek()).toBeNull();
    expect(seen).toEqual(["first", "second"]);
  });

  it("answers the last reading when a read fails, and tries again at the next call", async () => {
    let fail = false;
    let calls = 0;
    const reader = createRefreshingReader({
      inputs: () => ["db"] as const,
      read: async () => {
        calls += 1;
        if (fail) throw new Error("database away");
        return `reading ${calls}`;
      },
      refreshMs: 0,
    });
    expect(await reader.get()).toBe("reading 1");
    fail = true;
    expect(await reader.get()).toBe("reading 1");
    expect(await reader.get()).toBe("reading 1");
    expect(calls).toBe(3);
    fail = false;
    expect(await reader.get()).toBe("reading 4");
  });
});
