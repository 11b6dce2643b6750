import { describe, expect, it } from "vitest";
import { readCheckoutSession, readInvoice } from "./stripe-objects.server";

// The readers of Stripe's objects (the API's answers and the webhooks' payloads) for what the
// promotion codes and failed payments rely on (docs/product.md §8.9, §8.10).

const session = {
  id: "cs_test_reader",
  object: "checkout.session",
  status: "complete",
  payment_status: "paid",
  mode: "payment",
  customer: "cus_reader",
  metadata: { userId: "user_1", productKey: "learn-to-lift", promotionCode: "SPRING10" },
  amount_total: 27000,
  amount_subtotal: 30000,
  total_details: { amount_discount: 3000, amount_shipping: 0, amount_tax: 0 },
  currency: "GBP",
  created: 1_795_000_000,
};

describe("readCheckoutSession", () => {
  it("reads the code she applied and what it took off", () => {
    expect(readCheckoutSession(session)).toMatchObject({ paid: true, amountTotal: 27000, promotionCode: "SPRING10", discountAmount: 3000, currency: "gbp" });
  });

  it("counts a session a promotion made free as paid (Stripe: no_payment_required), and an unpaid one as not", () => {
    expect(readCheckoutSession({ ...session, payment_status: "no_payment_required", amount_total: 0 }).paid).toBe(true);
    expect(readCheckoutSession({ ...session, payment_status: "unpaid" }).paid).toBe(false);
  });

  it("reads no discount from a session without one", () => {
    const { total_details: _, ...plain } = session;
    expect(readCheckoutSession({ ...plain, metadata: { userId: "user_1", productKey: "learn-to-lift" } })).toMatchObject({ promotionCode: null, discountAmount: 0 });
  });
});

describe("readInvoice", () => {
  it("reads a failed payment's try and whether another follows", () => {
    const invoice = {
      id: "in_reader",
      object: "invoice",
      amount_paid: 0,
      amount_due: 2000,
      currency: "gbp",
      created: 1_795_000_000,
      attempt_count: 3,
      next_payment_attempt: null,
      total_discount_amounts: [{ amount: 500, discount: "di_1" }],
      parent: { subscription_details: { subscription: "sub_1", metadata: { promotionCode: "THREE", productKey: "build-stronger-foundations" } } },
    };
    expect(readInvoice(invoice)).toMatchObject({ attemptCount: 3, nextPaymentAttempt: null, discountAmount: 500, promotionCode: "THREE", subscriptionId: "sub_1" });
    expect(readInvoice({ ...invoice, attempt_count: undefined, next_payment_attempt: 1_795_100_000 })).toMatchObject({ attemptCount: 1, nextPaymentAttempt: new Date(1_795_100_000_000) });
  });
});
