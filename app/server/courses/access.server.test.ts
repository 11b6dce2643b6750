import { describe, expect, it } from "vitest";
import { accessFromSubscriptions } from "./access.server";
import { moduleOpensAt } from "./courses.server";

// docs/product.md §19.1: a subscription gives access while it runs and, once cancelled, until the
// end of the period she paid for; §19.3: Learn to Lift's weeks open a week apart from the cohort.

const now = new Date("2026-11-25T12:00:00Z");
const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

describe("accessFromSubscriptions", () => {
  it("is open with no end while a subscription runs (active, trialing)", () => {
    for (const status of ["active", "trialing"] as const) {
      expect(accessFromSubscriptions([{ status, currentPeriodEnd: days(10), cancelAtPeriodEnd: false }], now)).toEqual({ state: "open", until: null, preview: false });
    }
  });

  it("is open until the period's end once cancelled, and ended after it", () => {
    expect(accessFromSubscriptions([{ status: "active", currentPeriodEnd: days(3), cancelAtPeriodEnd: true }], now)).toEqual({ state: "open", until: days(3), preview: false });
    expect(accessFromSubscriptions([{ status: "canceled", currentPeriodEnd: days(3), cancelAtPeriodEnd: false }], now)).toEqual({ state: "open", until: days(3), preview: false });
    expect(accessFromSubscriptions([{ status: "canceled", currentPeriodEnd: days(-1), cancelAtPeriodEnd: false }], now)).toEqual({ state: "ended", endedAt: days(-1) });
  });

  it("keeps a failing payment's subscription open for the grace period from the first failure, then ends it", () => {
    for (const status of ["past_due", "unpaid"] as const) {
      const row = { status, currentPeriodEnd: days(10), cancelAtPeriodEnd: false, pastDueSince: days(-3) };
      expect(accessFromSubscriptions([row], now, 7)).toEqual({ state: "open", until: days(4), preview: false });
      expect(accessFromSubscriptions([{ ...row, pastDueSince: days(-8) }], now, 7)).toEqual({ state: "ended", endedAt: days(-1) });
      expect(accessFromSubscriptions([row], now, 2)).toEqual({ state: "ended", endedAt: days(-1) });
    }
  });

  it("ended for non-payment: closed from the grace period's end (or the ending, if sooner), not at the end of the unpaid month", () => {
    // Stripe moves the period on when the renewal it cannot take is invoiced: the month ahead was never paid.
    const unpaid = { status: "canceled" as const, currentPeriodEnd: days(20), cancelAtPeriodEnd: false, endedForNonPayment: true };
    expect(accessFromSubscriptions([{ ...unpaid, pastDueSince: days(-10), canceledAt: days(-1) }], now, 7)).toEqual({ state: "ended", endedAt: days(-3) });
    expect(accessFromSubscriptions([{ ...unpaid, pastDueSince: days(-2), canceledAt: days(-1) }], now, 7)).toEqual({ state: "ended", endedAt: days(-1) });
    // Cancelled by her or the coach, the month she paid for is still hers.
    expect(accessFromSubscriptions([{ ...unpaid, endedForNonPayment: false, canceledAt: days(-1) }], now, 7)).toEqual({ state: "open", until: days(20), preview: false });
  });

  it("a paused subscription: open to the end of the paid month, closed during the pause, open again after it", () => {
    const row = { status: "active" as const, currentPeriodEnd: days(5), cancelAtPeriodEnd: false, pausedFrom: days(5), pausedUntil: days(65) };
    expect(accessFromSubscriptions([row], now)).toEqual({ state: "open", until: days(5), preview: false });
    expect(accessFromSubscriptions([row], days(6))).toEqual({ state: "ended", endedAt: days(5) });
    expect(accessFromSubscriptions([row], days(66))).toEqual({ state: "open", until: null, preview: false });
  });

  it("gives nothing for unpaid, incomplete or paused subscriptions without a recorded failure, or none", () => {
    for (const status of ["unpaid", "incomplete", "incomplete_expired", "paused"] as const) {
      expect(accessFromSubscriptions([{ status, currentPeriodEnd: days(10), cancelAtPeriodEnd: false }], now)).toEqual({ state: "none" });
    }
    expect(accessFromSubscriptions([], now)).toEqual({ state: "none" });
  });

  it("takes the best of several: a new subscription after an ended one opens it again", () => {
    const rows = [
      { status: "canceled" as const, currentPeriodEnd: days(-30), cancelAtPeriodEnd: false },
      { status: "active" as const, currentPeriodEnd: days(20), cancelAtPeriodEnd: false },
    ];
    expect(accessFromSubscriptions(rows, now)).toEqual({ state: "open", until: null, preview: false });
  });
});

describe("moduleOpensAt", () => {
  const start = new Date("2027-01-11T09:00:00Z");
  it("opens 'Before you start' and modules without a week at once, and week N at the start plus N-1 weeks", () => {
    expect(moduleOpensAt(0, start)).toBeNull();
    expect(moduleOpensAt(null, start)).toBeNull();
    expect(moduleOpensAt(1, start)).toEqual(start);
    expect(moduleOpensAt(3, start)).toEqual(new Date("2027-01-25T09:00:00Z"));
  });
});
