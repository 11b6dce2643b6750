import { describe, expect, it } from "vitest";
import {
  actionLabel,
  formatCount,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatPrice,
  formatStartsAt,
  formatWeekdayDate,
  truncateSessionId,
} from "./format";

describe("format", () => {
  it("shows pence as pounds with two decimals", () => {
    expect(formatMoney(30000)).toBe("£300.00");
    expect(formatMoney(2050)).toBe("£20.50");
    expect(formatMoney(7, "usd")).toBe("USD 0.07");
  });
  it("drops a zero fraction in marketing prices", () => {
    expect(formatPrice(47700)).toBe("£477");
    expect(formatPrice(2050)).toBe("£20.50");
    expect(formatPrice(120000)).toBe("£1,200");
  });
  it("writes British dates in London time (docs/product.md §14.5)", () => {
    expect(formatLongDate("2025-01-05T12:00:00Z")).toBe("5 January 2025");
    expect(formatDateTime("2025-07-05T12:45:00Z")).toBe("5 July 2025, 13:45");
    expect(formatDateTime("2026-11-27T14:29:00Z")).toBe("27 November 2026, 14:29");
    // The London day, not the UTC one: 23:30 UTC in summer is already the next morning.
    expect(formatLongDate("2025-06-30T23:30:00Z")).toBe("1 July 2025");
  });
  it("writes when something starts the way a person says it", () => {
    expect(formatWeekdayDate("2026-01-12T09:00:00Z")).toBe("Monday 12 January 2026");
    expect(formatStartsAt("2026-01-05T18:00:00Z")).toBe("Monday 5 January 2026 at 6:00pm");
    expect(formatStartsAt("2027-06-07T08:30:00Z")).toBe("Monday 7 June 2027 at 9:30am");
    expect(formatStartsAt("2027-01-11T12:00:00Z")).toBe("Monday 11 January 2027 at 12:00pm");
  });
  it("never writes a US date", () => {
    const us = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2},|\d{1,2}\/\d{1,2}\/\d{2,4}/;
    for (const date of ["2026-11-27T14:29:00Z", "2025-01-05T00:00:00Z"]) {
      for (const text of [formatLongDate(date), formatDateTime(date), formatWeekdayDate(date), formatStartsAt(date)]) {
        expect(text).not.toMatch(us);
      }
    }
  });
  it("counts in the singular for one and the plural otherwise", () => {
    expect(formatCount(1, "sign-up")).toBe("1 sign-up");
    expect(formatCount(0, "sign-up")).toBe("0 sign-ups");
    expect(formatCount(2, "sign-up")).toBe("2 sign-ups");
    expect(formatCount(12345, "member")).toBe("12,345 members");
    expect(formatCount(1, "sync has", "syncs have")).toBe("1 sync has");
    expect(formatCount(3, "sync has", "syncs have")).toBe("3 syncs have");
  });
  it("truncates a session id to 20 characters and '...'", () => {
    expect(truncateSessionId("cs_test_a1B2c3D4e5F6g7H8i9")).toBe("cs_test_a1B2c3D4e5F6...");
    expect(truncateSessionId("short")).toBe("short");
  });
  it("labels activity types", () => {
    expect(actionLabel("remove_admin")).toBe("REMOVE ADMIN");
  });
});
