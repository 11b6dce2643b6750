import { desc, eq, inArray, like } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { OffersActionData } from "~/components/admin/offers-tab";
import type { PublicSiteConfig } from "~/config/public";
import { learnToLiftJsonLd } from "~/content/learn-to-lift";
import { loader as rootLoader } from "~/root";
import { action as offersAction, loader as offersLoader } from "~/routes/admin/offers";
import { loadOffersData } from "~/server/admin/offers.server";
import { adminActivityLog, appSettings, jobs, testCheckoutSessions } from "~/server/db/schema";
import { loader as testCheckoutLoader } from "~/routes/offers/test-checkout";
import { startCheckout } from "~/server/payments/checkout.server";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { confirmCheckoutSession } from "~/server/payments/member-payments.server";
import { StripeProvider } from "~/server/payments/stripe.server";
import { payTestSession } from "../support/payment-providers";
import {
  createEffectiveConfigReader,
  getEffectiveSiteConfig,
  getSettingsVersion,
  invalidateEffectiveSiteConfig,
  REFRESH_INTERVAL_MS,
} from "~/server/settings/effective-config.server";
import type { Database } from "~/server/db/client.server";
import { OFFERS_MESSAGES } from "~/validation/offers";
import { answer, CookieJar, formRequest, getRequest, nextTestIp, routeArgs, setupAuthEnvironment } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { createUser, type CreateUserOptions } from "../../scripts/factories";
import { startStripeStandin, type StripeStandin } from "../support/stripe-standin";
import { action as authAction } from "~/routes/api/auth-form";
import type { AuthActionResult } from "~/utils/auth-result";

// The Offers tab (docs/product.md §10.10, §5.1, §12): a price or the next cohort date set by the admin is
// what every page, checkout and payment provider use from then on, without a deploy; bad input
// and other people change nothing; each change is in the activity log; other servers see it
// within the refresh interval.

const t = setupTestDatabase();
setupAuthEnvironment();

type RootData = { site: PublicSiteConfig; toasts: { title: string; description: string | null; variant: string }[] };

const LIFT = "learn-to-lift";
const FOUNDATIONS = "build-stronger-foundations";
const ONE = "stronger-with-jo";
const INSTALLED_DATE = "2027-01-11T09:00:00Z";

async function signedIn(options: CreateUserOptions = {}) {
  const created = await createUser(t.db, options);
  const result = await answer<AuthActionResult>(() =>
    authAction(routeArgs(formRequest("/auth", { js: "1", mode: "log-in", email: created.user.email, password: created.password }), nextTestIp())),
  );
  expect(result.data).toMatchObject({ ok: true, kind: "signed-in" });
  return { ...created, jar: new CookieJar().store(result.headers) };
}

let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  admin = await signedIn({ admin: true, firstName: "Jo" });
});

afterEach(async () => {
  await t.db.delete(appSettings).where(like(appSettings.key, "offers.%"));
  await t.db.delete(adminActivityLog);
  invalidateEffectiveSiteConfig();
  setPaymentProvider(null);
});

/** The full form as the tab sends it: every price in pounds and the start in UK time. */
function offersForm(changes: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "update-offers",
    [`price:${LIFT}`]: "300",
    [`price:${ONE}`]: "477",
    [`price:${FOUNDATIONS}`]: "20",
    nextCohortDate: "2027-01-11T09:00",
    ...changes,
  };
}

/** Posts the form as the admin, or as `as` (null: a visitor), from this site or `origin`. */
function post(fields: Record<string, string>, as: CookieJar | null = admin.jar, origin?: string) {
  return answer<OffersActionData>(() => offersAction(routeArgs(formRequest("/settings/admin/offers", fields, { jar: as ?? undefined, origin }))));
}

async function toastAfter(headers: Headers) {
  const page = await answer<RootData>(() => rootLoader(routeArgs(getRequest("/", { jar: new CookieJar().store(headers) }))));
  return page.data.toasts;
}

async function rootSite(): Promise<PublicSiteConfig> {
  return (await answer<RootData>(() => rootLoader(routeArgs(getRequest("/learn-to-lift"))))).data.site;
}

const priceIn = (site: { catalogue: { productKey: string; pricePence: number }[] }, key: string) =>
  site.catalogue.find((p) => p.productKey === key)!.pricePence;

async function storedOverrides() {
  return t.db.select({ key: appSettings.key, value: appSettings.value }).from(appSettings).where(like(appSettings.key, "offers.%"));
}

async function logRows() {
  return t.db.select().from(adminActivityLog).orderBy(desc(adminActivityLog.createdAt));
}

describe("changing a price and the cohort date", () => {
  it("is what the configuration, the root loader and the structured data give from the next request", async () => {
    const before = await getSettingsVersion();
    const result = await post(offersForm({ [`price:${LIFT}`]: "275", nextCohortDate: "2027-03-01T09:30" }));

    expect(result.status).toBe(303);
    expect(result.location).toBe("/settings/admin/offers");
    expect(await toastAfter(result.headers)).toEqual([
      expect.objectContaining({
        title: "Offers updated",
        variant: "success",
        description: "Learn to Lift price £300.00 → £275.00; Next cohort date 11 January 2027, 09:00 → 1 March 2027, 09:30",
      }),
    ]);

    const config = await getEffectiveSiteConfig();
    expect(priceIn(config, LIFT)).toBe(27500);
    expect(config.prices.learnToLift).toBe(27500);
    expect(config.nextCohortDate).toBe("2027-03-01T09:30:00.000Z");
    expect(priceIn(config, FOUNDATIONS)).toBe(2000);
    expect(await getSettingsVersion()).not.toBe(before);

    const site = await rootSite();
    expect(priceIn(site, LIFT)).toBe(27500);
    expect(site.nextCohortDate).toBe("2027-03-01T09:30:00.000Z");
    const jsonLd = learnToLiftJsonLd(site) as { offers: { price: string }; hasCourseInstance: { startDate: string } };
    expect(jsonLd.offers.price).toBe("275.00");
    expect(jsonLd.hasCourseInstance.startDate).toBe("2027-03-01T09:30:00.000Z");

    // The tab shows installed and current values.
    const data = await loadOffersData(t.db);
    expect(data.offers.find((o) => o.productKey === LIFT)).toEqual({
      productKey: LIFT,
      name: "Learn to Lift",
      mode: "one_time",
      installedPence: 30000,
      currentPence: 27500,
      overridden: true,
    });
    expect(data.offers.find((o) => o.productKey === FOUNDATIONS)).toMatchObject({ installedPence: 2000, currentPence: 2000, overridden: false });
    expect(data.nextCohortDate).toEqual({ installed: INSTALLED_DATE, current: "2027-03-01T09:30:00.000Z", overridden: true });
  });

  it("reads a summer time as UK time (BST)", async () => {
    await post(offersForm({ nextCohortDate: "2027-06-07T10:00" }));
    expect((await getEffectiveSiteConfig()).nextCohortDate).toBe("2027-06-07T09:00:00.000Z");
  });

  it("writes one activity-log row per changed value, with from and to", async () => {
    await post(offersForm({ [`price:${LIFT}`]: "275", [`price:${FOUNDATIONS}`]: "24.99", nextCohortDate: "2027-03-01T09:30" }));

    const rows = await logRows();
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ adminId: admin.user.id, targetUserId: null });
    const byType = (type: string, key?: string) =>
      rows.filter((r) => r.actionType === type && (key === undefined || r.details.product_key === key)).map((r) => r.details);
    expect(byType("update_offer", LIFT)).toEqual([
      { summary: "Learn to Lift price £300.00 → £275.00", product_key: LIFT, product_name: "Learn to Lift", changes: { price_pence: { from: 30000, to: 27500 } } },
    ]);
    expect(byType("update_offer", FOUNDATIONS)).toEqual([
      expect.objectContaining({ summary: "Build Stronger Foundations price £20.00 → £24.99", changes: { price_pence: { from: 2000, to: 2499 } } }),
    ]);
    expect(byType("update_cohort_date")).toEqual([
      {
        summary: "Next cohort date 11 January 2027, 09:00 → 1 March 2027, 09:30",
        changes: { next_cohort_date: { from: INSTALLED_DATE, to: "2027-03-01T09:30:00.000Z" } },
      },
    ]);

    // Saving the same values again changes and logs nothing.
    const again = await post(offersForm({ [`price:${LIFT}`]: "275.00", [`price:${FOUNDATIONS}`]: "£24.99", nextCohortDate: "2027-03-01T09:30" }));
    expect(again.status).toBe(303);
    expect(await toastAfter(again.headers)).toEqual([expect.objectContaining({ title: "No changes" })]);
    expect(await logRows()).toHaveLength(3);
  });

  it("going back to the installed value removes the override; a reset does the same, logged", async () => {
    await post(offersForm({ [`price:${LIFT}`]: "275", [`price:${ONE}`]: "499", nextCohortDate: "2027-03-01T09:30" }));
    expect((await storedOverrides()).map((r) => r.key).sort()).toEqual(["offers.next_cohort_date", "offers.price.learn-to-lift", "offers.price.stronger-with-jo"]);

    await post(offersForm({ [`price:${LIFT}`]: "300", [`price:${ONE}`]: "499", nextCohortDate: "2027-03-01T09:30" }));
    expect((await storedOverrides()).map((r) => r.key).sort()).toEqual(["offers.next_cohort_date", "offers.price.stronger-with-jo"]);

    const reset = await post({ intent: "reset-offer", target: `price:${ONE}` });
    expect(reset.status).toBe(303);
    expect(await toastAfter(reset.headers)).toEqual([
      expect.objectContaining({ title: "Offers updated", description: "Stronger with Jo price £499.00 → £477.00" }),
    ]);
    await post({ intent: "reset-offer", target: "nextCohortDate" });
    expect(await storedOverrides()).toEqual([]);
    const config = await getEffectiveSiteConfig();
    expect(config.prices).toEqual({ learnToLift: 30000, oneToOne: 47700, foundations: 2000 });
    expect(config.nextCohortDate).toBe(INSTALLED_DATE);
    const latest = (await logRows())[0]!;
    expect(latest).toMatchObject({
      actionType: "update_cohort_date",
      details: { changes: { next_cohort_date: { from: "2027-03-01T09:30:00.000Z", to: INSTALLED_DATE } } },
    });
  });
});

describe("what checkout charges", () => {
  it("the built-in test provider's session, and the purchase recorded from it, carry the new price", async () => {
    setPaymentProvider(createTestProvider());
    await post(offersForm({ [`price:${LIFT}`]: "249.50" }));
    const member = await createUser(t.db);

    const result = await startCheckout({ user: member.user, productKey: LIFT });
    const sessionId = (result as { url: string }).url.split("/").pop()!;
    const [session] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, sessionId));
    expect(session).toMatchObject({ productKey: LIFT, amountTotal: 24950, currency: "gbp" });

    // docs/product.md §8.5: the success page shows what was recorded, which is what was charged.
    await payTestSession(sessionId, member.user.id);
    const confirmed = await confirmCheckoutSession(sessionId, member.user.id);
    expect(confirmed).toMatchObject({ status: "recorded", purchase: { amountCents: 24950, productName: "Learn to Lift" } });
  });

  describe("at Stripe", () => {
    let standin: StripeStandin;
    beforeAll(async () => {
      standin = await startStripeStandin();
    });
    afterAll(async () => standin?.close());

    it("sends the new price as the session's price_data unit_amount, for one-time and monthly offers", async () => {
      setPaymentProvider(
        new StripeProvider({ secretKey: standin.secretKey, webhookSecret: "whsec_standin", host: standin.host, port: standin.port, protocol: standin.protocol, maxNetworkRetries: 0 }),
      );
      standin.reset();
      await post(offersForm({ [`price:${LIFT}`]: "275", [`price:${FOUNDATIONS}`]: "25" }));
      const member = await createUser(t.db);

      expect(await startCheckout({ user: member.user, productKey: LIFT })).toHaveProperty("url");
      expect(await startCheckout({ user: member.user, productKey: FOUNDATIONS })).toHaveProperty("url");

      const sent = standin.requestsTo("POST", "/v1/checkout/sessions").map((r) => r.params.line_items);
      expect(sent).toEqual([
        [expect.objectContaining({ price_data: expect.objectContaining({ unit_amount: "27500", currency: "gbp" }) })],
        [expect.objectContaining({ price_data: expect.objectContaining({ unit_amount: "2500", recurring: { interval: "month" } }) })],
      ]);
    });
  });
});

describe("a checkout opened before a price change (decision 186)", () => {
  const idOf = (result: unknown) => (result as { url: string }).url.split("/").pop()!;
  const routeArgsWith = (request: Request, params: Record<string, string>) => ({ ...(routeArgs(request) as object), params }) as never;

  it("is expired when the coach changes the price, so it cannot be paid at the old price; she starts again at the new one", async () => {
    setPaymentProvider(createTestProvider());
    const member = await signedIn();
    const oldSession = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));
    const untouched = idOf(await startCheckout({ user: member.user, productKey: LIFT }));

    expect((await post(offersForm({ [`price:${FOUNDATIONS}`]: "25" }))).status).toBe(303);

    expect(await payTestSession(oldSession, member.user.id)).toEqual({ outcome: "expired" });
    const [old] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, oldSession));
    expect(old).toMatchObject({ status: "expired", paymentStatus: "unpaid", amountTotal: 2000 });
    // The page she may still have open says why, and sends her back to the checkout.
    const page = await answer<{ session: Record<string, unknown> }>(() =>
      testCheckoutLoader(routeArgsWith(getRequest(`/test-checkout/${oldSession}`, { jar: member.jar }), { sessionId: oldSession })),
    );
    expect(page.data.session).toMatchObject({ status: "expired", priceChanged: true });
    // A session at a price that did not change is left alone.
    const [lift] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, untouched));
    expect(lift).toMatchObject({ status: "open" });

    const again = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));
    expect(again).not.toBe(oldSession);
    const [fresh] = await t.db.select().from(testCheckoutSessions).where(eq(testCheckoutSessions.id, again));
    expect(fresh).toMatchObject({ status: "open", amountTotal: 2500 });
  });

  it("an open session whose price no longer matches is never handed out again, even if it was not expired", async () => {
    setPaymentProvider(createTestProvider());
    const member = await createUser(t.db);
    const oldSession = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));
    // Another server's change: the override is there, this process has not expired anything.
    await t.db.insert(appSettings).values({ key: `offers.price.${FOUNDATIONS}`, value: 2600 });
    invalidateEffectiveSiteConfig();

    const again = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));

    expect(again).not.toBe(oldSession);
    const rows = await t.db.select().from(testCheckoutSessions).where(inArray(testCheckoutSessions.id, [oldSession, again]));
    expect(rows.find((r) => r.id === oldSession)).toMatchObject({ status: "expired" });
    expect(rows.find((r) => r.id === again)).toMatchObject({ status: "open", amountTotal: 2600 });
  });

  describe("at Stripe", () => {
    let standin: StripeStandin;
    beforeAll(async () => {
      standin = await startStripeStandin();
    });
    afterAll(async () => standin?.close());
    const useStripe = () =>
      setPaymentProvider(
        new StripeProvider({ secretKey: standin.secretKey, webhookSecret: "whsec_standin", host: standin.host, port: standin.port, protocol: standin.protocol, maxNetworkRetries: 0 }),
      );

    it("expires the session at Stripe, which then refuses to take the old price", async () => {
      useStripe();
      standin.reset();
      const member = await createUser(t.db);
      const oldSession = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));

      await post(offersForm({ [`price:${FOUNDATIONS}`]: "25" }));

      expect(standin.requestsTo("POST", `/v1/checkout/sessions/${oldSession}/expire`)).toHaveLength(1);
      expect(standin.sessions.get(oldSession)?.status).toBe("expired");
      expect(() => standin.completeSession(oldSession)).toThrow(/expired/);
      expect(await confirmCheckoutSession(oldSession, member.user.id)).toMatchObject({ status: "unpaid" });
    });

    it("a session Stripe could not expire is honoured at the price she was shown, and the expiry is retried", async () => {
      useStripe();
      standin.reset();
      const member = await createUser(t.db);
      const oldSession = idOf(await startCheckout({ user: member.user, productKey: FOUNDATIONS }));
      standin.setFailure("POST", /\/expire$/, { status: 500 });

      // The coach's change is saved all the same.
      expect((await post(offersForm({ [`price:${FOUNDATIONS}`]: "25" }))).status).toBe(303);
      const [retry] = await t.db.select().from(jobs).where(eq(jobs.queue, "payments"));
      expect(retry).toMatchObject({ status: "queued", payload: { kind: "expire-stale-sessions" } });

      // Paid in the moment before the retry: accepted at £20, what she saw and agreed to.
      standin.completeSession(oldSession);
      expect(await confirmCheckoutSession(oldSession, member.user.id)).toMatchObject({
        status: "recorded",
        purchase: { amountCents: 2000, status: "paid" },
      });
      standin.setFailure("POST", /\/expire$/, null);
    });
  });
});

describe("bad input changes nothing", () => {
  const cases: [string, Record<string, string>, Record<string, string>][] = [
    ["a zero price", { [`price:${LIFT}`]: "0" }, { [`price:${LIFT}`]: OFFERS_MESSAGES.priceTooLow }],
    ["a negative price", { [`price:${LIFT}`]: "-275" }, { [`price:${LIFT}`]: OFFERS_MESSAGES.priceTooLow }],
    ["text", { [`price:${FOUNDATIONS}`]: "twenty" }, { [`price:${FOUNDATIONS}`]: OFFERS_MESSAGES.priceFormat }],
    ["a huge price", { [`price:${ONE}`]: "1000000" }, { [`price:${ONE}`]: OFFERS_MESSAGES.priceTooHigh }],
    ["an empty price", { [`price:${ONE}`]: "" }, { [`price:${ONE}`]: OFFERS_MESSAGES.priceRequired }],
    ["an invalid date", { nextCohortDate: "2027-02-30T09:00" }, { nextCohortDate: OFFERS_MESSAGES.dateInvalid }],
    ["a date in the past", { nextCohortDate: "2020-01-06T09:00" }, { nextCohortDate: OFFERS_MESSAGES.datePast }],
    ["a time the clocks skip", { nextCohortDate: "2027-03-28T01:30" }, { nextCohortDate: OFFERS_MESSAGES.dateGap }],
    [
      "a good price beside a bad date",
      { [`price:${LIFT}`]: "275", nextCohortDate: "soon" },
      { nextCohortDate: OFFERS_MESSAGES.dateInvalid },
    ],
  ];
  for (const [label, changes, errors] of cases) {
    it(`${label}: 400 with the message, the typed values back, and nothing stored or logged`, async () => {
      const version = await getSettingsVersion();
      const result = await post(offersForm(changes));
      expect(result.status).toBe(400);
      expect(result.data).toEqual({ ok: false, errors, values: expect.objectContaining(changes), formError: null });
      expect(await storedOverrides()).toEqual([]);
      expect(await logRows()).toEqual([]);
      expect(await getSettingsVersion()).toBe(version);
      expect((await getEffectiveSiteConfig()).prices.learnToLift).toBe(30000);
    });
  }

  it("an unknown reset target or intent: 400, nothing changed", async () => {
    await post(offersForm({ [`price:${LIFT}`]: "275" }));
    const before = await storedOverrides();
    const attempts: Record<string, string>[] = [{ intent: "reset-offer", target: "price:free-money" }, { intent: "reset-offer" }, { intent: "drop-table" }];
    for (const fields of attempts) {
      const result = await post(fields);
      expect(result.status).toBe(400);
      expect(result.data.formError).toBeTruthy();
    }
    expect(await storedOverrides()).toEqual(before);
    expect(await logRows()).toHaveLength(1);
  });

  it("a form from another site: 403, nothing changed", async () => {
    const result = await post(offersForm({ [`price:${LIFT}`]: "1" }), admin.jar, "https://evil.example");
    expect(result.status).toBe(403);
    expect(await storedOverrides()).toEqual([]);
  });
});

describe("only an admin may", () => {
  it("refuses a visitor and a member as docs/product.md §12 says, changing nothing", async () => {
    const member = await signedIn();
    const visitor = await post(offersForm({ [`price:${LIFT}`]: "1" }), null);
    expect(visitor.location).toBe("/auth?mode=log-in&redirectTo=%2Fsettings%2Fadmin");
    expect(await toastAfter(visitor.headers)).toEqual([expect.objectContaining({ description: "Please sign in to access the admin dashboard" })]);

    for (const fields of [offersForm({ [`price:${LIFT}`]: "1" }), { intent: "reset-offer", target: "nextCohortDate" }]) {
      const refused = await post(fields, member.jar);
      expect(refused.location).toBe("/");
      expect(await toastAfter(refused.headers)).toEqual([expect.objectContaining({ description: "Access denied. Admin privileges required." })]);
    }
    expect((await answer(() => offersLoader(routeArgs(getRequest("/settings/admin/offers", { jar: member.jar }))))).location).toBe("/");

    expect(await storedOverrides()).toEqual([]);
    expect(await logRows()).toEqual([]);
    expect((await getEffectiveSiteConfig()).prices.learnToLift).toBe(30000);
  });
});

describe("several servers on one database", () => {
  it("another server's reading follows within the refresh interval, without a query in between", async () => {
    let clock = Date.now();
    let queries = 0;
    // A second server: its own memo on the same database, counting what it asks the database.
    const counted = new Proxy(t.db, {
      get(target, property, receiver) {
        if (property === "select") queries += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    }) as Database;
    const other = createEffectiveConfigReader({ db: () => counted, now: () => clock });

    expect((await other.getConfig()).prices.learnToLift).toBe(30000);
    const versionBefore = await other.getVersion();
    expect(queries).toBe(1);

    await post(offersForm({ [`price:${LIFT}`]: "275" }));
    // This server sees its own change at once; the other still has its reading.
    expect((await getEffectiveSiteConfig()).prices.learnToLift).toBe(27500);
    clock += REFRESH_INTERVAL_MS - 1;
    for (let i = 0; i < 100; i++) expect((await other.getConfig()).prices.learnToLift).toBe(30000);
    expect(queries).toBe(1);

    clock += 1;
    expect((await other.getConfig()).prices.learnToLift).toBe(27500);
    expect(await other.getVersion()).not.toBe(versionBefore);
    expect(await other.getVersion()).toBe(await getSettingsVersion());
    expect(queries).toBe(2);
  });

  it("a stored value the schema refuses is ignored: pages keep the installed value", async () => {
    await t.db.insert(appSettings).values([
      { key: "offers.price.learn-to-lift", value: -5 },
      { key: "offers.next_cohort_date", value: "not a date" },
      { key: "offers.price.build-stronger-foundations", value: 2500 },
    ]);
    invalidateEffectiveSiteConfig();
    const site = await rootSite();
    expect(priceIn(site, LIFT)).toBe(30000);
    expect(site.nextCohortDate).toBe(INSTALLED_DATE);
    expect(priceIn(site, FOUNDATIONS)).toBe(2500);

    // A reset clears the bad value even though nothing visible changes.
    await post({ intent: "reset-offer", target: `price:${LIFT}` });
    expect((await storedOverrides()).map((r) => r.key).sort()).toEqual(["offers.next_cohort_date", "offers.price.build-stronger-foundations"]);
    await t.db.delete(appSettings).where(inArray(appSettings.key, ["offers.next_cohort_date"]));
  });
});
