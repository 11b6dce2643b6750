// Fills the database with demo data: about 30 members with logins and purchases, and one admin.
//   npm run seed                    (options: --members=N, --force to allow NODE_ENV=production)
// Uses the same database as the server (DATABASE_URL, else the embedded database in DATA_DIR),
// while the server runs or not (docs/decisions/200). Running it again adds only the demo members that are missing
// (each looked up by her own email) and says what it added and what was already there.
import "./lib/private-files";
import { randomBytes } from "node:crypto";
import { inArray } from "drizzle-orm";
import { getSiteConfig } from "~/config/env.server";
import type { DatabaseHandle } from "~/server/db/client.server";
import { users } from "~/server/db/schema";
import { findUserByEmail, grantAdmin, recordAdminEmailEvent } from "~/server/models/roles.server";
import { buildMember, createMember, createUser, DEFAULT_TEST_PASSWORD, setFactorySeed } from "./factories";
import { loadScriptEnv, openScriptDatabase, runScript } from "./lib/start";

const DEMO_SEED = 20_250_101;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** A password that meets the sign-up rules (docs/product.md §11.3): upper case, lower case and digits. */
function generatePassword(): string {
  const body = randomBytes(12).toString("base64url").replace(/[-_]/g, "x");
  return `Aa1${body}`;
}

function meetsSignUpRules(password: string): boolean {
  return password.length >= 8 && password.length <= 128 && /[A-Z]/.test(password) && /[a-z]/.test(password) && /\d/.test(password);
}

async function seedAdmin(handle: DatabaseHandle, email: string) {
  const { db } = handle;
  const existing = await findUserByEmail(db, email);
  if (existing) {
    const result = await grantAdmin(db, existing.id);
    // This address has had its administrator grant: ADMIN_EMAILS never repeats it (docs/product.md §7.10).
    await recordAdminEmailEvent(db, existing.email, existing.id, "granted");
    console.log(
      result === "granted"
        ? `Admin: ${existing.email} already had an account; it is now an administrator (password unchanged).`
        : `Admin: ${existing.email} already exists (password unchanged).`,
    );
    return;
  }
  const given = process.env.SEED_ADMIN_PASSWORD;
  if (given && !meetsSignUpRules(given)) {
    console.warn("Warning: SEED_ADMIN_PASSWORD does not meet the sign-up rules (8–128 characters with upper case, lower case and a digit).");
  }
  const password = given || generatePassword();
  // The demo administrator's address is verified, as ADMIN_EMAILS requires (docs/product.md §7.10), and
  // recorded as granted, so a removal by another administrator is never undone by ADMIN_EMAILS.
  const { user } = await createUser(db, {
    email,
    firstName: getSiteConfig().coachName,
    lastName: null,
    phone: null,
    password,
    emailVerified: true,
    emailNotifications: true,
    termsAccepted: true,
    signupSource: "direct",
    createdAt: new Date(),
    admin: true,
  });
  await recordAdminEmailEvent(db, email, user.id, "granted");
  console.log(`Admin: created ${email}`);
  if (given) console.log("  password: the value of SEED_ADMIN_PASSWORD");
  else console.log(`  password: ${password}\n  (shown only this once: note it down, or change it under Settings after signing in)`);
}

/**
 * The demo members, each found by her own email: the list is the same on every run (a fixed seed,
 * drawn before anything is written), so a run adds exactly the ones that are missing, whatever
 * else the site holds (members of its own with @example addresses included).
 */
async function seedMembers(handle: DatabaseHandle, adminEmail: string, wanted: number) {
  const { db } = handle;
  setFactorySeed(DEMO_SEED);
  const demo = Array.from({ length: wanted }, () => buildMember()).filter((member) => member.email.toLowerCase() !== adminEmail);
  const emails = demo.map((member) => member.email.toLowerCase());
  const present = new Set(
    emails.length === 0 ? [] : (await db.select({ email: users.email }).from(users).where(inArray(users.email, emails))).map((row) => row.email),
  );
  const missing = demo.filter((member) => !present.has(member.email.toLowerCase()));
  let logins = 0;
  let purchases = 0;
  for (const member of missing) {
    const created = await createMember(db, member);
    logins += created.logins.length;
    purchases += created.purchases.length;
  }
  const already = emails.filter((email) => present.has(email));
  if (missing.length === 0) {
    console.log(`Members: all ${demo.length} demo members are already there; none added.`);
  } else {
    console.log(
      `Members: added ${missing.length} demo members (with ${logins} logins and ${purchases} purchases); ` +
        `${already.length === 0 ? "none were" : `${already.length} were`} there already.`,
    );
    console.log(`  added: ${missing.map((member) => member.email.toLowerCase()).join(", ")}`);
  }
  if (already.length > 0 && missing.length > 0) console.log(`  already there: ${already.join(", ")}`);
  if (demo.length > 0) console.log(`  Every demo member signs in with the password ${DEFAULT_TEST_PASSWORD}`);
}

async function main(): Promise<number> {
  const env = loadScriptEnv();
  if (!env) return 1;
  try {
    getSiteConfig(); // the catalogue gives the purchase amounts: fail early on a bad configuration
  } catch (error) {
    console.error((error as Error).message);
    return 1;
  }
  if (env.NODE_ENV === "production" && !process.argv.includes("--force")) {
    console.error("NODE_ENV is production: refusing to add demo members. Run with --force if you really mean it.");
    return 1;
  }
  const wanted = Number.parseInt(option("members") ?? "30", 10);
  if (!Number.isInteger(wanted) || wanted < 0) {
    console.error("--members must be a whole number, for example --members=30");
    return 2;
  }
  const adminEmail = (process.env.ADMIN_EMAIL || env.ADMIN_EMAILS?.split(",")[0] || "admin@example.com").trim().toLowerCase();

  // Shared: while the site runs, through the database server it runs.
  const handle = await openScriptDatabase(env, {
    shared: true,
    whenLocked: (error) => `${error.message}\nIts database does not answer: if the site is starting, try again in a moment. Nothing was changed.`,
  });
  if (!handle) return 1;
  try {
    console.log(`Seeding ${handle.description}`);
    await handle.migrate();
    await seedAdmin(handle, adminEmail);
    await seedMembers(handle, adminEmail, wanted);
    return 0;
  } finally {
    await handle.close();
  }
}

runScript(main, "Seeding failed");
