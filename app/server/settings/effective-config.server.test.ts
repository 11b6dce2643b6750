import { describe, expect, it } from "vitest";
import { loadSiteConfig } from "~/config/env.server";
import { applyOverrides, settingsVersionOf, type OverrideRow } from "./effective-config.server";

// The overlay of the admin's overrides on the installed configuration (docs/product.md §5.1), without a
// database: the memo and the database reads are in tests/integration/offers-config.test.ts.

const installed = loadSiteConfig({});
const at = new Date("2026-12-01T10:00:00Z");
const row = (key: string, value: unknown, updatedAt = at): OverrideRow => ({ key, value, updatedAt });
const priceOf = (config: typeof installed, key: string) => config.catalogue.find((p) => p.productKey === key)!.pricePence;

describe("applyOverrides", () => {
  it("is the installed configuration when nothing is stored", () => {
    const { config, ignored } = applyOverrides(installed, []);
    expect(config).toEqual(installed);
    expect(ignored).toEqual([]);
  });

  it("sets each product's price and the next cohort date, and rebuilds the catalogue", () => {
    const { config, prices, nextCohortDate } = applyOverrides(installed, [
      row("offers.price.learn-to-lift", 27500),
      row("offers.price.stronger-with-jo", 49900),
      row("offers.next_cohort_date", "2027-03-01T09:00:00.000Z"),
    ]);
    expect(priceOf(config, "learn-to-lift")).toBe(27500);
    expect(priceOf(config, "stronger-with-jo")).toBe(49900);
    expect(priceOf(config, "build-stronger-foundations")).toBe(2000);
    expect(config.prices).toEqual({ learnToLift: 27500, oneToOne: 49900, foundations: 2000 });
    expect(config.nextCohortDate).toBe("2027-03-01T09:00:00.000Z");
    expect(prices).toEqual({ "learn-to-lift": 27500, "stronger-with-jo": 49900 });
    expect(nextCohortDate).toBe("2027-03-01T09:00:00.000Z");
    // Everything else stays as installed.
    expect({ ...config, prices: installed.prices, nextCohortDate: installed.nextCohortDate, catalogue: installed.catalogue }).toEqual(installed);
  });

  it("ignores, and reports, stored values the schema refuses, keeping the good ones", () => {
    const bad = [
      row("offers.price.learn-to-lift", 0),
      row("offers.price.build-stronger-foundations", "2500"),
      row("offers.price.stronger-with-jo", 12.5),
      row("offers.price.free-money", 100),
      row("offers.next_cohort_date", "next Tuesday"),
      row("offers.something_else", true),
    ];
    const { config, ignored } = applyOverrides(installed, [...bad, row("offers.price.learn-to-lift", 31000)]);
    expect(ignored.map((i) => i.key)).toEqual(bad.map((b) => b.key));
    expect(priceOf(config, "learn-to-lift")).toBe(31000);
    expect(priceOf(config, "build-stronger-foundations")).toBe(2000);
    expect(config.nextCohortDate).toBe(installed.nextCohortDate);
  });
});

describe("settingsVersionOf", () => {
  it("changes whenever an override is written, changed or removed", () => {
    const one = [row("offers.price.learn-to-lift", 27500)];
    const changed = [row("offers.price.learn-to-lift", 28000, new Date(at.getTime() + 1))];
    const sameValueLater = [row("offers.price.learn-to-lift", 27500, new Date(at.getTime() + 5))];
    const two = [...one, row("offers.next_cohort_date", "2027-03-01T09:00:00.000Z")];
    const versions = [settingsVersionOf([]), settingsVersionOf(one), settingsVersionOf(changed), settingsVersionOf(sameValueLater), settingsVersionOf(two)];
    expect(new Set(versions).size).toBe(versions.length);
    expect(settingsVersionOf(one)).toBe(settingsVersionOf([row("offers.price.learn-to-lift", 27500)]));
  });
});
