import { describe, expect, it } from "vitest";
import { formatDueDay, isOverdue, londonDay, oneWorkingDayAfter } from "./working-days";

// The 1-to-1 checkout promises a reply within one working day (docs/product.md §10.16): the day
// after the sale, skipping Saturday and Sunday, counted in UK time.

describe("oneWorkingDayAfter", () => {
  it("is the next day from Monday to Thursday", () => {
    expect(oneWorkingDayAfter(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-24"); // Monday → Tuesday
    expect(oneWorkingDayAfter(new Date("2026-11-26T16:00:00Z"))).toBe("2026-11-27"); // Thursday → Friday
  });

  it("skips the weekend: Friday, Saturday and Sunday sales are due on Monday", () => {
    expect(oneWorkingDayAfter(new Date("2026-11-27T14:29:00Z"))).toBe("2026-11-30");
    expect(oneWorkingDayAfter(new Date("2026-11-28T09:00:00Z"))).toBe("2026-11-30");
    expect(oneWorkingDayAfter(new Date("2026-11-29T21:00:00Z"))).toBe("2026-11-30");
  });

  it("counts the day in UK time: 11:30pm on a summer Friday in London is already Saturday there", () => {
    expect(londonDay(new Date("2027-06-04T23:30:00Z"))).toBe("2027-06-05");
    expect(oneWorkingDayAfter(new Date("2027-06-03T23:30:00Z"))).toBe("2027-06-07"); // Friday 00:30 BST → Monday
  });

  it("crosses a month and a year end", () => {
    expect(oneWorkingDayAfter(new Date("2027-12-31T12:00:00Z"))).toBe("2028-01-03");
  });
});

describe("formatDueDay and isOverdue", () => {
  it("writes the day as a letter would", () => {
    expect(formatDueDay("2026-11-30")).toBe("Monday 30 November 2026");
  });

  it("is overdue only once the due day is over in the UK", () => {
    expect(isOverdue("2026-11-30", new Date("2026-11-30T23:59:00Z"))).toBe(false);
    expect(isOverdue("2026-11-30", new Date("2026-12-01T00:00:00Z"))).toBe(true);
    expect(isOverdue("2027-06-07", new Date("2027-06-07T23:30:00Z"))).toBe(true); // 00:30 BST on the 8th
  });
});
