import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as emailsAction } from "~/routes/admin/emails";
import { installDemoCourses } from "~/server/courses/demo-courses.server";
import { appSettings, cohortWelcomes, courseEnrolments, emailMessages, profiles } from "~/server/db/schema";
import { queueDueWelcomeEmails, welcomeDueAt, WELCOME_DAYS_BEFORE } from "~/server/courses/cohort-welcome.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { listEmailPreviews } from "~/server/admin/email-previews.server";
import { createPurchase, createUser } from "../../scripts/factories";
import { openDashboard, signedInMember } from "../support/admin-fixtures";
import { answer, formRequest, routeArgs, setupAuthEnvironment, type CookieJar } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { payTestSession } from "../support/payment-providers";

// Learn to Lift's welcome email (docs/product.md §18.6): a few days before her cohort starts (at
// once for a later buyer), through the mail queue, once per buyer and cohort whatever the sweeps,
// with the coach's words and the group call's day and time; nothing for a refunded buyer.

const t = setupTestDatabase();
setupAuthEnvironment();
beforeAll(async () => {
  setPaymentProvider(createTestProvider());
  await installDemoCourses(t.db);
});
afterAll(() => setPaymentProvider(null));

const DAY = 86_400_000;

async function setCohort(iso: string) {
  await t.db.insert(appSettings).values({ key: "offers.next_cohort_date", value: iso }).onConflictDoUpdate({ target: appSettings.key, set: { value: iso } });
}

async function buyer(firstName: string, status: "paid" | "refunded" | "partially_refunded" = "paid") {
  const member = await createUser(t.db);
  await t.db.update(profiles).set({ firstName, lastName: "Lifter" }).where(eq(profiles.userId, member.user.id));
  await createPurchase(t.db, member.user.id, { productKey: "learn-to-lift", status, purchasedAt: new Date("2026-10-01T10:00:00Z") });
  return member;
}

async function welcomesTo(email: string) {
  return t.db.select().from(emailMessages).where(and(eq(emailMessages.toAddress, email), eq(emailMessages.template, "cohort-welcome")));
}

function saveWelcome(fields: Record<string, string>, jar?: CookieJar) {
  return answer<{ error: string }>(() => emailsAction(routeArgs(formRequest("/settings/admin/emails", { intent: "save-welcome", ...fields }, { jar }))));
}

describe("the Learn to Lift welcome email", () => {
  it(`goes ${WELCOME_DAYS_BEFORE} days before the start, once, however many sweeps run together; with the first week's two workouts and the call`, async () => {
    const start = new Date("2027-02-01T09:00:00Z");
    await setCohort(start.toISOString());
    const margaret = await buyer("Margaret");

    await queueDueWelcomeEmails(t.db, new Date(welcomeDueAt(start).getTime() - 60_000));
    expect(await welcomesTo(margaret.user.email)).toHaveLength(0);

    const due = new Date(welcomeDueAt(start).getTime() + 60_000);
    await Promise.all([queueDueWelcomeEmails(t.db, due), queueDueWelcomeEmails(t.db, due), queueDueWelcomeEmails(t.db, due)]);
    await queueDueWelcomeEmails(t.db, new Date(due.getTime() + DAY));
    const [mail, ...more] = await welcomesTo(margaret.user.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Welcome to Learn to Lift: your first week and our group call");
    expect(mail!.textBody).toContain("Hello Margaret,");
    expect(mail!.textBody).toContain("Course starts: Monday 1 February 2027 at 9:00am");
    expect(mail!.textBody).toContain("Weekly group call: Every Tuesday at 7:00pm (UK time)");
    expect(mail!.textBody).toContain("First call: Tuesday 2 February 2027 at 7:00pm");
    expect(mail!.textBody).toContain("The sit-to-stand squat");
    expect(mail!.textBody).toContain("The wall press-up");
    expect(mail!.textBody).not.toMatch(/undefined|NaN|null/);
    // Her course opens on the day the email named, whatever the next cohort becomes.
    const [enrolment] = await t.db.select().from(courseEnrolments).where(eq(courseEnrolments.userId, margaret.user.id));
    expect(new Date(enrolment!.cohortStartsOn!).toISOString()).toBe(start.toISOString());
  });

  it("sends nothing to a refunded buyer; a partly refunded one keeps her place and gets it", async () => {
    const start = new Date("2027-03-01T09:00:00Z");
    await setCohort(start.toISOString());
    const refunded = await buyer("Rita", "refunded");
    const partly = await buyer("Pat", "partially_refunded");
    await queueDueWelcomeEmails(t.db, new Date(start.getTime() - DAY));
    expect(await welcomesTo(refunded.user.email)).toHaveLength(0);
    expect(await welcomesTo(partly.user.email)).toHaveLength(1);
  });

  it("a buyer already in an earlier cohort gets nothing for the next one", async () => {
    const start = new Date("2027-04-05T09:00:00Z");
    await setCohort(start.toISOString());
    const earlier = await buyer("Edna");
    await t.db.insert(courseEnrolments).values({ userId: earlier.user.id, courseKey: "learn-to-lift", cohortStartsOn: "2026-09-07T08:00:00Z" });
    await queueDueWelcomeEmails(t.db, new Date(start.getTime() - DAY));
    expect(await welcomesTo(earlier.user.email)).toHaveLength(0);
    expect(await t.db.select().from(cohortWelcomes).where(eq(cohortWelcomes.userId, earlier.user.id))).toHaveLength(0);
  });

  it("a buyer after the send point gets it at once, with her receipt", async () => {
    await setCohort(new Date(Date.now() + 2 * DAY).toISOString());
    const member = await createUser(t.db, { firstName: "Lucy" });
    const started = await startCheckout({ user: member.user, productKey: "learn-to-lift" });
    if (!("url" in started)) throw new Error(started.error);
    await payTestSession(started.url.split("/").pop()!, member.user.id);
    expect(await welcomesTo(member.user.email)).toHaveLength(1);
    await queueDueWelcomeEmails(t.db);
    expect(await welcomesTo(member.user.email)).toHaveLength(1);
  });

  it("the coach's words and the call's day, time and link, saved on the Emails tab, are in the email and its preview", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await signedInMember(t.db);
    const fields = { message: "I can't wait to meet you all.\n\nWear comfy shoes.", callDay: "Thursday", callTime: "18:30", callUrl: "https://meet.example.com/ltl" };

    const refused = await saveWelcome(fields, member.jar);
    expect(refused.status).toBe(302);
    const bad = await saveWelcome({ ...fields, callTime: "25:00" }, admin.jar);
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe("Enter the call's time as hh:mm, such as 19:00.");
    const badLink = await saveWelcome({ ...fields, callUrl: "javascript:alert(1)" }, admin.jar);
    expect(badLink.status).toBe(400);
    expect(await t.db.select().from(appSettings).where(eq(appSettings.key, "emails.cohort_welcome"))).toHaveLength(0);

    const saved = await saveWelcome(fields, admin.jar);
    expect(saved.status).toBe(303);

    const start = new Date("2027-05-10T08:00:00Z");
    await setCohort(start.toISOString());
    const nora = await buyer("Nora");
    await queueDueWelcomeEmails(t.db, new Date(start.getTime() - 2 * DAY));
    const [mail] = await welcomesTo(nora.user.email);
    expect(mail!.textBody).toContain("I can't wait to meet you all.");
    expect(mail!.textBody).toContain("Wear comfy shoes.");
    expect(mail!.textBody).toContain("Weekly group call: Every Thursday at 6:30pm (UK time)");
    expect(mail!.textBody).toContain("First call: Thursday 13 May 2027 at 6:30pm");
    expect(mail!.htmlBody).toContain("https://meet.example.com/ltl");

    const preview = (await listEmailPreviews()).find((p) => p.key === "cohort-welcome");
    expect(preview?.email.text).toContain("Every Thursday at 6:30pm");
    const page = await openDashboard("/settings/admin/emails", admin.jar);
    expect(page.data.welcome).toMatchObject({ callDay: "Thursday", callTime: "18:30", callUrl: "https://meet.example.com/ltl" });
  });
});
