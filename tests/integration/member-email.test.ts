import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { exportMemberData } from "~/server/account/data-export.server";
import { membersCsvStream } from "~/server/admin/members-csv.server";
import { searchMembers, updateMemberNames } from "~/server/admin/users.server";
import { adminActivityLog, profiles, users } from "~/server/db/schema";
import type { EmailMarketingProvider } from "~/server/lists/kit.server";
import { syncMember } from "~/server/lists/sync.server";
import { setupAuthEnvironment } from "../support/auth";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";

// A member's email address is kept in one place, users.email, which Better Auth changes when she
// confirms a new address. Every view of it (the admin's Users list and search, the members CSV, her
// data download, the email-marketing sync, the activity log) shows the new address at once, not
// after she next opens /settings. profiles.email, a copy kept for the admin search's index, follows
// in the same transaction (a trigger).

const t = setupTestDatabase();
setupAuthEnvironment();

/** What Better Auth's verify-email link does when she confirms a change: one update of users. */
async function confirmEmailChange(userId: string, email: string) {
  await t.db.update(users).set({ email, updatedAt: new Date() }).where(eq(users.id, userId));
}

async function csvText(): Promise<string> {
  const reader = membersCsvStream(t.db).getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    text += decoder.decode(value, { stream: true });
  }
}

describe("a confirmed email change", () => {
  it("shows at once in the Users list, its search, the CSV, her data download and the sync", async () => {
    const { user } = await createUser(t.db, { firstName: "Rosalind", lastName: "Achterberg", email: "rosalind.old@example.com", emailVerified: true, emailNotifications: true });
    await confirmEmailChange(user.id, "rosalind.new@example.com");

    const page = await searchMembers(t.db, { query: "achterberg", page: 1 });
    expect(page.members.map((m) => m.email)).toEqual(["rosalind.new@example.com"]);
    const byNewAddress = await searchMembers(t.db, { query: "rosalind.new", page: 1 });
    expect(byNewAddress.members.map((m) => m.userId)).toEqual([user.id]);
    expect((await searchMembers(t.db, { query: "rosalind.old", page: 1 })).members).toEqual([]);

    const csv = await csvText();
    expect(csv).toContain("rosalind.new@example.com");
    expect(csv).not.toContain("rosalind.old@example.com");

    const exported = JSON.stringify(await exportMemberData(user.id));
    expect(exported).toContain("rosalind.new@example.com");
    expect(exported).not.toContain("rosalind.old@example.com");

    const subscribed: string[] = [];
    const provider: EmailMarketingProvider = {
      name: "local",
      subscribe: async (contact) => void subscribed.push(contact.email),
      removeTag: async () => {},
      unsubscribe: async () => {},
    };
    expect(await syncMember(t.db, provider, user.id)).toBe("sent");
    expect(subscribed).toEqual(["rosalind.new@example.com"]);
  });

  it("moves profiles.email in the same transaction, and the copy cannot be set apart from users.email", async () => {
    const { user } = await createUser(t.db, { firstName: "Perpetua", lastName: "Ng", email: "perpetua.old@example.com" });
    await t.db.transaction(async (tx) => {
      await tx.update(users).set({ email: "perpetua.new@example.com" }).where(eq(users.id, user.id));
      const [inside] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, user.id));
      expect(inside?.email).toBe("perpetua.new@example.com");
    });
    await t.db.update(profiles).set({ email: "someone.else@example.com" }).where(eq(profiles.userId, user.id));
    const [profile] = await t.db.select({ email: profiles.email }).from(profiles).where(eq(profiles.userId, user.id));
    expect(profile?.email).toBe("perpetua.new@example.com");
  });

  it("is the address the activity log records when an admin edits her name", async () => {
    const { user: admin } = await createUser(t.db, { firstName: "Ada", lastName: "Admin", admin: true });
    const { user } = await createUser(t.db, { firstName: "Gwendolen", lastName: "Fairfax", email: "gwendolen.old@example.com" });
    await confirmEmailChange(user.id, "gwendolen.new@example.com");
    expect(await updateMemberNames(t.db, admin.id, user.id, { firstName: "Gwen", lastName: "Fairfax" })).toBe("updated");
    const [entry] = await t.db.select().from(adminActivityLog).where(eq(adminActivityLog.targetUserId, user.id));
    expect((entry?.details as { user_email?: string }).user_email).toBe("gwendolen.new@example.com");
  });
});
