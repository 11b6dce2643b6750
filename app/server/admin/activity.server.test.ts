import { describe, expect, it } from "vitest";
import { describeDetails } from "./activity.server";

describe("describeDetails (the Activity Log's lines)", () => {
  it("shows an edit's name changes with from and to, and the user's name", () => {
    expect(
      describeDetails({
        user_email: "ann@example.com",
        user_name: "Ann Lee",
        changes: { first_name: { from: "Ann", to: "Anne" }, last_name: { from: "Lee", to: null } },
      }),
    ).toMatchObject({ userLabel: "Ann Lee", summary: null, changes: [expect.stringContaining("Ann → Anne"), expect.stringContaining("Lee → (empty)")] });
  });

  it("falls back to the email when there is no name", () => {
    expect(describeDetails({ user_email: "ann@example.com" }).userLabel).toBe("ann@example.com");
  });

  it("shows an offer change by its summary, not its raw pence", () => {
    const entry = describeDetails({
      summary: "Learn to Lift price £300.00 → £275.00",
      product_key: "learn-to-lift",
      changes: { price_pence: { from: 30000, to: 27500 } },
    });
    expect(entry).toEqual({ userLabel: null, summary: "Learn to Lift price £300.00 → £275.00", changes: [] });
  });
});
