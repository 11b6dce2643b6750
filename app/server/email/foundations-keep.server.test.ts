import { describe, expect, it } from "vitest";
import { FOUNDATIONS_KEEP_NOTE } from "~/content/foundations-keep";
import { renderCancellationConfirmed, renderReceipt } from "./sale-templates.server";

// Build Stronger Foundations promises lifetime access to its course materials: the receipt and the
// cancellation email say plainly what she keeps and what the monthly subscription pays for
// (docs/product.md §5.5, docs/decisions/255-foundations-materials-kept-after-cancelling.md).

describe("what a Build Stronger Foundations member keeps", () => {
  it("the receipt says what is hers for good and what ends when she cancels", () => {
    const receipt = renderReceipt({
      firstName: "Margaret",
      productKey: "build-stronger-foundations",
      productName: "Build Stronger Foundations",
      amountPence: 2000,
      currency: "gbp",
      transactionId: "cs_test_keep",
      paidAt: new Date("2026-11-27T14:29:00Z"),
      cohortStart: null,
      nextPaymentAt: new Date("2026-12-27T14:29:00Z"),
    });
    expect(receipt.text).toContain(FOUNDATIONS_KEEP_NOTE);
    expect(receipt.text).not.toContain("you keep everything until the end of the month");
  });

  it("the cancellation email says she keeps the lessons, and what ends on the date", () => {
    const email = renderCancellationConfirmed({
      firstName: "Margaret",
      productKey: "build-stronger-foundations",
      productName: "Build Stronger Foundations",
      accessEndsAt: new Date("2026-12-27T14:29:00Z"),
    });
    expect(email.text).toContain("The lessons and worksheets published until 27 December 2026 are yours to keep");
    expect(email.text).toContain("the private community, its check-ins and new lessons end on 27 December 2026");
    expect(email.text).not.toContain("you keep full access until");
  });

  it("the 1-to-1 cancellation is unchanged: full access until the paid period's end", () => {
    const email = renderCancellationConfirmed({ firstName: "Margaret", productKey: "stronger-with-jo", productName: "Stronger with Jo", accessEndsAt: new Date("2026-12-27T14:29:00Z") });
    expect(email.text).toContain("you keep full access until 27 December 2026");
  });
});
