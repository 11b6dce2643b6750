import { describe, expect, it } from "vitest";
import { renderReceipt, type ReceiptData } from "./sale-templates.server";

// The Learn to Lift receipt says when the course starts: the day and the time, in UK time, as one
// would write it in a letter (docs/product.md §14.5), wherever it names the start.

function learnToLiftReceipt(cohortStart: string) {
  const data: ReceiptData = {
    firstName: "Margaret",
    productKey: "learn-to-lift",
    productName: "Learn to Lift",
    amountPence: 30000,
    currency: "gbp",
    transactionId: "cs_test_cohort_start",
    paidAt: new Date("2026-11-27T14:29:00Z"),
    cohortStart: new Date(cohortStart),
    nextPaymentAt: null,
  };
  return renderReceipt(data);
}

describe("the Learn to Lift receipt's cohort start", () => {
  it("gives the weekday, the date and the start time (winter: GMT)", () => {
    const receipt = learnToLiftReceipt("2027-01-11T18:00:00Z");
    expect(receipt.text).toContain("Course starts: Monday 11 January 2027 at 6:00pm");
    expect(receipt.html).toContain("Learn to Lift starts on Monday 11 January 2027 at 6:00pm");
    expect(receipt.text).toContain("The course starts on Monday 11 January 2027 at 6:00pm.");
  });

  it("gives the UK time in summer (BST), not UTC", () => {
    const receipt = learnToLiftReceipt("2027-06-07T08:30:00Z");
    expect(receipt.text).toContain("Course starts: Monday 7 June 2027 at 9:30am");
  });
});
