import { describe, expect, it } from "vitest";
import { PerKeyQueue, Slots, UploadQueueFullError } from "./upload-queue.server";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("Slots", () => {
  it("never runs more tasks at once than it has slots, and runs them all", async () => {
    const slots = new Slots(2);
    let running = 0;
    let most = 0;
    const done = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          await tick();
          running -= 1;
          return i;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(done).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(slots.busy).toBe(0);
  });

  it("frees the slot of a task that failed", async () => {
    const slots = new Slots(1);
    await expect(slots.run(() => Promise.reject(new Error("bad image")))).rejects.toThrow("bad image");
    expect(await slots.run(async () => "next")).toBe("next");
  });
});

describe("PerKeyQueue", () => {
  it("runs one key's tasks one at a time, in order, and other keys alongside", async () => {
    const queue = new PerKeyQueue(10);
    const order: string[] = [];
    let herRunning = 0;
    const task = (key: string, i: number) => async () => {
      if (key === "her") herRunning += 1;
      expect(herRunning).toBeLessThanOrEqual(1);
      order.push(`${key}${i}`);
      await tick();
      if (key === "her") herRunning -= 1;
    };
    await Promise.all([queue.run("her", task("her", 1)), queue.run("her", task("her", 2)), queue.run("other", task("other", 1)), queue.run("her", task("her", 3))]);
    expect(order.filter((o) => o.startsWith("her"))).toEqual(["her1", "her2", "her3"]);
    expect(queue.size("her")).toBe(0);
  });

  it("refuses a key's tasks beyond the one running and the waiting limit, and takes more once they finish", async () => {
    const queue = new PerKeyQueue(2);
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => queue.run("her", tick)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(3);
    expect(results.filter((r) => r.status === "rejected").every((r) => (r as PromiseRejectedResult).reason instanceof UploadQueueFullError)).toBe(true);
    await expect(queue.run("her", async () => "later")).resolves.toBe("later");
  });

  it("goes on after a task that failed", async () => {
    const queue = new PerKeyQueue(2);
    const failed = queue.run("her", () => Promise.reject(new Error("broken")));
    const next = queue.run("her", async () => "next");
    await expect(failed).rejects.toThrow("broken");
    await expect(next).resolves.toBe("next");
  });
});
