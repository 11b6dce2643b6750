import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getSiteConfig } from "~/config/env.server";
import { action as followUpsAction } from "~/routes/admin/follow-ups";
import { coachFollowUps, profiles } from "~/server/db/schema";
import { startCheckout } from "~/server/payments/checkout.server";
import { createTestProvider, setPaymentProvider } from "~/server/payments/registry.server";
import { oneWorkingDayAfter } from "~/utils/working-days";
import { createPurchase, createUser } from "../../scripts/factories";
import { openDashboard, signedInMember, toastsAfter } from "../support/admin-fixtures";
import { answer, formRequest, routeArgs, setupAuthEnvironment, type CookieJar } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { payTestSession } from "../support/payment-providers";

// The coach's to-do after a 1-to-1 sale (docs/product.md §10.16): on the dashboard's overview
// with the client's name, address, when she bought and the day it is due, until 'Mark done'.

const t = setupTestDatabase();
setupAuthEnvironment();
beforeAll(() => setPaymentProvider(createTestProvider()));
afterAll(() => setPaymentProvider(null));

const oneToOne = () => `stronger-with-${getSiteConfig().coachSlug}`;

async function buys(productKey: string, firstName: string, lastName: string) {
  const member = await createUser(t.db);
  await t.db.update(profiles).set({ firstName, lastName }).where(eq(profiles.userId, member.user.id));
  const started = await startCheckout({ user: member.user, productKey });
  if (!("url" in started)) throw new Error(started.error);
  await payTestSession(started.url.split("/").pop()!, member.user.id);
  return member;
}

function markDone(id: string, jar?: CookieJar) {
  return answer<{ error: string }>(() => followUpsAction(routeArgs(formRequest("/settings/admin/follow-ups", { intent: "mark-done", id }, { jar }))));
}

async function openToDos(jar: CookieJar) {
  const page = await openDashboard("/settings/admin", jar);
  expect(page.status).toBe(200);
  expect(page.data.followUps).not.toBeNull();
  return page.data.followUps!;
}

describe("the 1-to-1 follow-up to-do", () => {
  it("appears after a 1-to-1 sale with her name, address, when she bought and the working day it is due; never for another offer", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const client = await buys(oneToOne(), "Wendy", "Follows");
    const learner = await buys("learn-to-lift", "Lena", "Lifts");

    const todos = await openToDos(admin.jar);
    const mine = todos.find((todo) => todo.clientEmail === client.user.email);
    expect(mine).toMatchObject({ clientName: "Wendy Follows", overdue: false });
    const [row] = await t.db.select().from(coachFollowUps).where(eq(coachFollowUps.userId, client.user.id));
    expect(mine!.dueOn).toBe(oneWorkingDayAfter(row!.boughtAt));
    expect(mine!.dueLabel).toMatch(/^(Monday|Tuesday|Wednesday|Thursday|Friday) \d{1,2} [A-Z][a-z]+ \d{4}$/);
    expect(new Date(mine!.boughtAt).getTime()).toBe(row!.boughtAt.getTime());
    expect(todos.some((todo) => todo.clientEmail === learner.user.email)).toBe(false);
  });

  it("stands out once its day is over", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const late = await createUser(t.db, { firstName: "Olive", lastName: "Overdue" });
    const purchase = await createPurchase(t.db, late.user.id, { productKey: oneToOne(), purchasedAt: new Date("2026-01-05T10:00:00Z") });
    await t.db.insert(coachFollowUps).values({ purchaseId: purchase.id, userId: late.user.id, boughtAt: purchase.purchasedAt, dueOn: "2026-01-06" });
    const todo = (await openToDos(admin.jar)).find((x) => x.clientEmail === late.user.email);
    expect(todo).toMatchObject({ overdue: true, dueLabel: "Tuesday 6 January 2026", clientName: "Olive Overdue" });
  });

  it("'Mark done' takes it off the list; a member cannot, an unknown or malformed one is refused and nothing changes", async () => {
    const admin = await signedInMember(t.db, { admin: true });
    const member = await signedInMember(t.db);
    const client = await buys(oneToOne(), "Dora", "Done");
    const [row] = await t.db.select().from(coachFollowUps).where(eq(coachFollowUps.userId, client.user.id));

    const refused = await markDone(row!.id, member.jar);
    expect(refused.status).toBe(302);
    expect((await t.db.select().from(coachFollowUps).where(eq(coachFollowUps.id, row!.id)))[0]!.doneAt).toBeNull();

    const malformed = await markDone("not-an-id", admin.jar);
    expect(malformed.status).toBe(400);
    expect(malformed.data.error).toBe("That to-do could not be found.");
    const unknown = await markDone("00000000-0000-4000-8000-000000000000", admin.jar);
    expect(unknown.status).toBe(404);
    expect(unknown.data.error).toBe("That to-do could not be found.");

    const done = await markDone(row!.id, admin.jar);
    expect(done.status).toBe(303);
    expect(done.location).toBe("/settings/admin/users#follow-ups");
    expect((await toastsAfter(done.headers))[0]).toMatchObject({ title: "Marked done" });
    const [after] = await t.db.select().from(coachFollowUps).where(eq(coachFollowUps.id, row!.id));
    expect(after!.doneAt).not.toBeNull();
    expect(after!.doneBy).toBe(admin.user.id);
    expect((await openToDos(admin.jar)).some((x) => x.id === row!.id)).toBe(false);

    // A second click (another tab, a slow network) changes nothing and says so.
    const again = await markDone(row!.id, admin.jar);
    expect(again.status).toBe(303);
    expect((await toastsAfter(again.headers))[0]).toMatchObject({ title: "Already done" });
  });
});
