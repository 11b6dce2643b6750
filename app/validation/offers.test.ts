import { describe, expect, it } from "vitest";
import {
  cohortDateProblem,
  fromUkDateTimeInput,
  OFFERS_MESSAGES,
  parseOffersUpdate,
  parseResetTarget,
  penceToPoundsInput,
  PoundsSchema,
  toUkDateTimeInput,
} from "./offers";

const pounds = (value: unknown) => {
  const parsed = PoundsSchema.safeParse(value);
  return parsed.success ? parsed.data : parsed.error.issues[0]!.message;
};

describe("a price in pounds", () => {
  it("reads whole pounds, pence, a pound sign and thousands separators", () => {
    expect(pounds("300")).toBe(30000);
    expect(pounds(" 299.99 ")).toBe(29999);
    expect(pounds("275.5")).toBe(27550);
    expect(pounds("£20")).toBe(2000);
    expect(pounds("£ 1,250.00")).toBe(125000);
    expect(pounds("1")).toBe(100);
    expect(pounds("10000")).toBe(1_000_000);
    expect(pounds(".99")).toBe(OFFERS_MESSAGES.priceTooLow);
  });

  it("refuses what is not a price between £1 and £10,000, with the reason", () => {
    expect(pounds("")).toBe(OFFERS_MESSAGES.priceRequired);
    expect(pounds("   ")).toBe(OFFERS_MESSAGES.priceRequired);
    expect(pounds(undefined)).toBe(OFFERS_MESSAGES.priceRequired);
    expect(pounds("0")).toBe(OFFERS_MESSAGES.priceTooLow);
    expect(pounds("0.99")).toBe(OFFERS_MESSAGES.priceTooLow);
    expect(pounds("-5")).toBe(OFFERS_MESSAGES.priceTooLow);
    expect(pounds("10000.01")).toBe(OFFERS_MESSAGES.priceTooHigh);
    expect(pounds("99999999999999999999")).toBe(OFFERS_MESSAGES.priceTooHigh);
    expect(pounds("12.345")).toBe(OFFERS_MESSAGES.pricePence);
    for (const text of ["three hundred", "1e3", "3,00", "£", "300p", "12.", "0x10", "Infinity", "NaN"]) {
      expect(pounds(text), text).toBe(OFFERS_MESSAGES.priceFormat);
    }
  });

  it("shows pence in the field as pounds", () => {
    expect(penceToPoundsInput(30000)).toBe("300");
    expect(penceToPoundsInput(29999)).toBe("299.99");
    expect(penceToPoundsInput(27550)).toBe("275.50");
  });
});

describe("a date and time in UK time", () => {
  it("reads winter times as UTC and summer times as UTC+1", () => {
    expect(fromUkDateTimeInput("2027-01-11T09:00")).toEqual(new Date("2027-01-11T09:00:00Z"));
    expect(fromUkDateTimeInput("2027-06-01T09:00")).toEqual(new Date("2027-06-01T08:00:00Z"));
    expect(fromUkDateTimeInput("2027-06-01T00:30:00")).toEqual(new Date("2027-05-31T23:30:00Z"));
  });

  it("round-trips through the field's value", () => {
    for (const iso of ["2027-01-11T09:00:00Z", "2027-07-15T17:45:00Z", "2026-10-25T00:30:00Z"]) {
      expect(fromUkDateTimeInput(toUkDateTimeInput(iso))).toEqual(new Date(iso));
    }
    expect(toUkDateTimeInput("2027-06-01T08:00:00Z")).toBe("2027-06-01T09:00");
  });

  it("refuses times the clocks skip, and takes the first of an hour that happens twice", () => {
    // 28 March 2027: 01:00 GMT becomes 02:00 BST.
    expect(fromUkDateTimeInput("2027-03-28T01:30")).toBe("gap");
    // 31 October 2027: 02:00 BST becomes 01:00 GMT, so 01:30 happens twice.
    expect(fromUkDateTimeInput("2027-10-31T01:30")).toEqual(new Date("2027-10-31T00:30:00Z"));
  });

  it("refuses what is not a calendar date and time", () => {
    for (const text of ["", "tomorrow", "2027-02-30T09:00", "2027-13-01T09:00", "2027-01-11T24:00", "2027-01-11", "99999-01-01T09:00", "1969-12-31T23:00"]) {
      expect(fromUkDateTimeInput(text), text).toBe("invalid");
    }
  });

  it("a new start must be ahead, and within five years; the current one may stay", () => {
    const now = Date.parse("2026-12-01T12:00:00Z");
    const current = "2026-11-01T09:00:00Z";
    expect(cohortDateProblem(current, { current, now })).toBeNull();
    expect(cohortDateProblem("2026-11-02T09:00:00Z", { current, now })).toBe(OFFERS_MESSAGES.datePast);
    expect(cohortDateProblem("2027-01-11T09:00:00Z", { current, now })).toBeNull();
    expect(cohortDateProblem("2032-01-11T09:00:00Z", { current, now })).toBe(OFFERS_MESSAGES.dateTooFar);
  });
});

describe("the forms", () => {
  const keys = ["learn-to-lift", "build-stronger-foundations"];
  const now = Date.parse("2026-12-01T12:00:00Z");
  const currentCohortDate = "2027-01-11T09:00:00.000Z";

  it("gives each product's price in pence and the start as an instant", () => {
    const parsed = parseOffersUpdate(
      { "price:learn-to-lift": "275", "price:build-stronger-foundations": "19.99", nextCohortDate: "2027-06-01T09:30", intent: "update-offers" },
      { productKeys: keys, currentCohortDate, now },
    );
    expect(parsed).toEqual({
      ok: true,
      prices: { "learn-to-lift": 27500, "build-stronger-foundations": 1999 },
      nextCohortDate: "2027-06-01T08:30:00.000Z",
    });
  });

  it("names every wrong field at once", () => {
    const parsed = parseOffersUpdate(
      { "price:learn-to-lift": "0", nextCohortDate: "2020-01-01T09:00" },
      { productKeys: keys, currentCohortDate, now },
    );
    expect(parsed).toEqual({
      ok: false,
      errors: {
        "price:learn-to-lift": OFFERS_MESSAGES.priceTooLow,
        "price:build-stronger-foundations": OFFERS_MESSAGES.priceRequired,
        nextCohortDate: OFFERS_MESSAGES.datePast,
      },
    });
  });

  it("knows which value a reset names", () => {
    expect(parseResetTarget("price:learn-to-lift", keys)).toEqual({ kind: "price", productKey: "learn-to-lift" });
    expect(parseResetTarget("nextCohortDate", keys)).toEqual({ kind: "nextCohortDate" });
    expect(parseResetTarget("price:free-money", keys)).toBeNull();
    expect(parseResetTarget(null, keys)).toBeNull();
  });
});
