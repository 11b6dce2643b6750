import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_POLICY, retryDelayMs } from "./queue.server";

describe("retryDelayMs", () => {
  const exact = () => 0.5; // no jitter

  it("doubles from one minute with each failed attempt", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((n) => retryDelayMs(n, DEFAULT_RETRY_POLICY, exact) / 60_000)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  it("never waits longer than the policy's ceiling, however many attempts", () => {
    expect(retryDelayMs(9, DEFAULT_RETRY_POLICY, exact)).toBe(3 * 60 * 60_000);
    expect(retryDelayMs(500, DEFAULT_RETRY_POLICY, exact)).toBe(3 * 60 * 60_000);
  });

  it("spreads the delay by up to a quarter either way", () => {
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 0)).toBe(45_000);
    expect(retryDelayMs(1, DEFAULT_RETRY_POLICY, () => 1)).toBe(75_000);
    for (let i = 0; i < 200; i++) {
      const delay = retryDelayMs(3);
      expect(delay).toBeGreaterThanOrEqual(180_000);
      expect(delay).toBeLessThanOrEqual(300_000);
    }
  });
});
