import { describe, expect, it } from "vitest";
import { backoffDelayMs } from "~/server/jobs/queue.server";
import { EMAIL_MAX_ATTEMPTS, EMAIL_RETRY_POLICY } from "./queue.server";

describe("the mail queue's retry pace (docs/product.md §18)", () => {
  it("retries within about two minutes during the first hour of an outage, then keeps going for more than a day", () => {
    for (const random of [() => 0, () => 0.5, () => 1, Math.random]) {
      let elapsed = 0;
      let attempts = 0;
      let longestInFirstHour = 0;
      while (attempts < EMAIL_MAX_ATTEMPTS) {
        attempts += 1;
        const wait = backoffDelayMs({ attempts, ageMs: elapsed, policy: EMAIL_RETRY_POLICY, random });
        if (elapsed < 60 * 60_000) longestInFirstHour = Math.max(longestInFirstHour, wait);
        elapsed += wait;
      }
      // The worker looks every 5 seconds on top: under two minutes from the server's return.
      expect(longestInFirstHour + 5_000).toBeLessThanOrEqual(2 * 60_000);
      expect(elapsed).toBeGreaterThan(24 * 60 * 60_000);
    }
  });
});
