import { describe, expect, it } from "vitest";
import {
  actionLabel,
  formatDateTime,
  formatLongDate,
  formatMoney,
  formatPrice,
  formatShortDate,
  formatShortDateTime,
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
  it("writes British dates in London time", () => {
    expect(formatLongDate("2025-01-05T12:00:00Z")).toBe("5 January 2025");
    expect(formatDateTime("2025-07-05T12:45:00Z")).toBe("5 July 2025 at 13:45");
  });
  it("writes the admin formats of docs/product.md §14.5", () => {
    expect(formatShortDate("2025-01-05T12:00:00Z")).toBe("Jan 5, 2025");
    expect(formatShortDateTime("2025-01-05T13:45:00Z")).toBe("Jan 5, 2025 13:45");
  });
  it("truncates a session id to 20 characters and '...'", () => {
    expect(truncateSessionId("cs_test_a1B2c3D4e5F6g7H8i9")).toBe("cs_test_a1B2c3D4e5F6...");
    expect(truncateSessionId("short")).toBe("short");
  });
  it("labels activity types", () => {
    expect(actionLabel("remove_admin")).toBe("REMOVE ADMIN");
  });
});
