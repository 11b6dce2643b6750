import { describe, expect, it } from "vitest";
import { renderCoachNewSale, type CoachEventData } from "./coach-templates.server";

// The 1-to-1 checkout promises she hears from the coach within one working day
// (docs/product.md §18.4): the coach's sale notice says what to do and the day it is due by.

function sale(productKey: string, at: string): CoachEventData {
  return {
    productKey,
    buyerName: "Margaret Hale",
    buyerEmail: "margaret.hale@example.com",
    productName: productKey === "learn-to-lift" ? "Learn to Lift" : "Stronger with Jane",
    amountPence: 15000,
    currency: "gbp",
    monthly: productKey !== "learn-to-lift",
    transactionId: "cs_test_follow_up",
    at: new Date(at),
  };
}

describe("the coach's notice of a 1-to-1 sale", () => {
  it("says to email her, at which address, and by which working day (a Friday sale: Monday)", () => {
    const email = renderCoachNewSale(sale("stronger-with-jane", "2026-11-27T14:29:00Z"));
    expect(email.text).toContain("Email Margaret at margaret.hale@example.com by Monday 30 November 2026");
    expect(email.text).toContain("Reply by: Monday 30 November 2026");
    expect(email.html).toContain("Monday 30 November 2026");
    expect(email.text).toContain("Mark done");
  });

  it("a Tuesday sale is due on Wednesday", () => {
    expect(renderCoachNewSale(sale("stronger-with-jane", "2026-11-24T09:00:00Z")).text).toContain("by Wednesday 25 November 2026");
  });

  it("says nothing of a reply for the other offers", () => {
    const email = renderCoachNewSale(sale("learn-to-lift", "2026-11-27T14:29:00Z"));
    expect(email.text).not.toContain("Reply by");
    expect(email.text).not.toContain("working day");
  });
});
