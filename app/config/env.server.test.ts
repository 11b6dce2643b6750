import { describe, expect, it } from "vitest";
import { loadServerEnv, loadSiteConfig } from "./env.server";
import { ConfigError } from "./site";
import { slugify } from "./slug";

describe("site configuration", () => {
  it("defaults to the demo coach Jo with the catalogue prices of docs/product.md §5.1", () => {
    const config = loadSiteConfig({});
    expect(config.coachName).toBe("Jo");
    expect(config.coachSlug).toBe("jo");
    const byKey = Object.fromEntries(config.catalogue.map((p) => [p.productKey, p]));
    expect(byKey["learn-to-lift"]).toMatchObject({ pricePence: 30000, mode: "one_time", currency: "gbp" });
    expect(byKey["stronger-with-jo"]).toMatchObject({ pricePence: 47700, mode: "monthly", name: "Stronger with Jo" });
    expect(byKey["build-stronger-foundations"]).toMatchObject({ pricePence: 2000, mode: "monthly" });
  });

  it("takes the coach's name from the environment and derives the route slug (docs/product.md §15)", () => {
    const config = loadSiteConfig({ COACH_NAME: "Zoë" });
    expect(config.coachName).toBe("Zoë");
    expect(config.coachSlug).toBe("zoe");
    expect(config.businessName).toBe("Strong with Zoë");
    expect(config.catalogue.map((p) => p.productKey)).toContain("stronger-with-zoe");
    expect(config.catalogue.find((p) => p.productKey === "stronger-with-zoe")?.checkoutPath).toBe(
      "/stronger-with-zoe-checkout",
    );
  });

  it("lets every price and the cohort date be overridden", () => {
    const config = loadSiteConfig({
      PRICE_LEARN_TO_LIFT_PENCE: "25000",
      PRICE_FOUNDATIONS_PENCE: "2500",
      NEXT_COHORT_DATE: "2027-02-01T09:00:00Z",
    });
    expect(config.catalogue.find((p) => p.productKey === "learn-to-lift")?.pricePence).toBe(25000);
    expect(config.catalogue.find((p) => p.productKey === "build-stronger-foundations")?.pricePence).toBe(2500);
    expect(config.nextCohortDate).toBe("2027-02-01T09:00:00Z");
  });

  it("rejects invalid values with a message naming the variable, the field and the reason", () => {
    const attempt = () =>
      loadSiteConfig({ CONTACT_EMAIL: "not-an-email", PRICE_ONE_TO_ONE_PENCE: "12.5", SOCIAL_TIKTOK_URL: "ftp://x" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain("CONTACT_EMAIL (contactEmail): must be an email address");
      expect(message).toContain("PRICE_ONE_TO_ONE_PENCE (prices.oneToOne): must be a whole number of pence");
      expect(message).toContain("SOCIAL_TIKTOK_URL (social.tiktok): must be an http(s) URL");
    }
  });

  it("rejects a booking namespace other than the two docs/product.md names", () => {
    expect(() => loadSiteConfig({ BOOKING_NAMESPACE: "60min" })).toThrow(/BOOKING_NAMESPACE \(booking.namespace\)/);
  });

  it("rejects a malformed cohort date", () => {
    expect(() => loadSiteConfig({ NEXT_COHORT_DATE: "next Tuesday" })).toThrow(/NEXT_COHORT_DATE/);
  });
});

describe("server environment", () => {
  it("has offline defaults: port 3000, ./data, the embedded database (no DATABASE_URL)", () => {
    const env = loadServerEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATA_DIR).toBe("./data");
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SITE_ORIGIN).toBe("http://localhost:3000");
  });

  it("names the variable that is malformed", () => {
    expect(() => loadServerEnv({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL: must be a postgres/);
    expect(() => loadServerEnv({ PORT: "eighty" })).toThrow(/PORT/);
    expect(() => loadServerEnv({ AUTH_SECRET: "short" })).toThrow(/AUTH_SECRET: must be at least 32 characters/);
  });
});

describe("slugify", () => {
  it("makes a lower-case ASCII slug", () => {
    expect(slugify("Jo")).toBe("jo");
    expect(slugify("Zoë Ann")).toBe("zoe-ann");
    expect(slugify("  Siân O'Neil ")).toBe("sian-o-neil");
  });
});

describe("operating settings (docs/product.md §17)", () => {
  it("reads BACKUP_EVERY as minutes, hours or days, BACKUP_KEEP as a count, and names a bad value", () => {
    expect(loadServerEnv({ BACKUP_EVERY: "6h", BACKUP_KEEP: "14" })).toMatchObject({ BACKUP_EVERY: 6 * 3_600_000, BACKUP_KEEP: 14, BACKUP_DIR: "backups" });
    expect(loadServerEnv({ BACKUP_EVERY: "1d" }).BACKUP_EVERY).toBe(86_400_000);
    expect(loadServerEnv({}).BACKUP_EVERY).toBeUndefined();
    expect(() => loadServerEnv({ BACKUP_EVERY: "2m" })).toThrow(/BACKUP_EVERY: must be at least 5 minutes/);
    expect(() => loadServerEnv({ BACKUP_EVERY: "daily" })).toThrow(/BACKUP_EVERY: must be a number of minutes, hours or days/);
    expect(() => loadServerEnv({ BACKUP_KEEP: "0" })).toThrow(/BACKUP_KEEP: must be 1 or more/);
  });

  it("takes PAYMENTS, MAIL and METRICS_TOKEN only in their allowed forms", () => {
    expect(loadServerEnv({ PAYMENTS: "test", MAIL: "outbox", METRICS_TOKEN: "0123456789abcdef" })).toMatchObject({ PAYMENTS: "test", MAIL: "outbox" });
    expect(() => loadServerEnv({ PAYMENTS: "free" })).toThrow(/PAYMENTS: must be test or stripe/);
    expect(() => loadServerEnv({ MAIL: "pigeon" })).toThrow(/MAIL: must be outbox or smtp/);
    expect(() => loadServerEnv({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN: must be at least 16 characters/);
  });
});

