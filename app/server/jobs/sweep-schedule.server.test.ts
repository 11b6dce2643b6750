import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSweep } from "./sweep-schedule.server";

describe("startSweep", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("sweeps soon after start and then every interval, never two at once, and stop waits for the one in hand", async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    let finish: () => void = () => {};
    const sweep = vi.fn(async () => {
      runs += 1;
      running += 1;
      most = Math.max(most, running);
      await new Promise<void>((resolve) => (finish = resolve));
      running -= 1;
      return 1;
    });
    const schedule = startSweep("test sweep", sweep, 60_000);
    expect(runs).toBe(0);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toBe(1);
    // The interval comes round while the first sweep is still going: no second one starts.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runs).toBe(2);
    let stopped = false;
    const stopping = schedule.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(300_000);
    expect(runs).toBe(2);
    expect(most).toBe(1);
  });

  it("keeps going after a sweep fails", async () => {
    const sweep = vi.fn().mockRejectedValueOnce(new Error("database away")).mockResolvedValue(0);
    const schedule = startSweep("test sweep", sweep, 60_000);
    await vi.advanceTimersByTimeAsync(5_000 + 60_000);
    expect(sweep).toHaveBeenCalledTimes(2);
    await schedule.stop();
  });
});
