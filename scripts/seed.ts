// Fills the database with demo data: about 30 members with logins and purchases, and one admin.
//   npm run seed                    (options: --members=N, --force to allow NODE_ENV=production)
// Uses the same database as the server (DATABASE_URL, else PGlite in DATA_DIR); with PGlite the
// server must be stopped first. Running it again adds nothing that is already there.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { and, count, like, ne } from "drizzle-orm";
import { getSiteConfig, loadServerEnv } from "~/config/env.server";
import { createDatabaseFromEnv, type DatabaseHandle } from "~/server/db/client.server";
import { isDataDirLockedError } from "~/server/db/data-dir-lock.server";
import { users } from "~/server/db/schema";
import { findUserByEmail, grantAdmin } from "~/server/models/roles.server";
import { createMember, createUser, DEFAULT_TEST_PASSWORD, setFactorySeed } from "../tests/support/factories";

const DEMO_SEED = 20_250_101;

function option(name: string): string | undefined {
  const prefix = `--${name}=`;
  return process.argv.find((a) => a.startsWith(prefix))?.slice(prefix.length);
}

/** A password that meets the sign-up rules (SPEC §5): upper case, lower case and digits. */
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
  await createUser(db, {
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
  console.log(`Admin: created ${email}`);
  if (given) console.log("  password: the value of SEED_ADMIN_PASSWORD");
  else console.log(`  password: ${password}\n  (shown only this once: note it down, or change it under Settings after signing in)`);
}

async function seedMembers(handle: DatabaseHandle, adminEmail: string, wanted: number) {
  const { db } = handle;
  const [row] = await db
    .select({ n: count() })
    .from(users)
    .where(and(like(users.email, "%@example.%"), ne(users.email, adminEmail)));
  const existing = Number(row?.n ?? 0);
  if (existing > 0) {
    console.log(`Members: ${existing} demo members are already there; none added.`);
    return;
  }
  setFactorySeed(DEMO_SEED);
  let logins = 0;
  let purchases = 0;
  for (let i = 0; i < wanted; i++) {
    const member = await createMember(db);
    logins += member.logins.length;
    purchases += member.purchases.length;
  }
  console.log(`Members: added ${wanted} demo members with ${logins} logins and ${purchases} purchases.`);
  console.log(`  Every demo member signs in with the password ${DEFAULT_TEST_PASSWORD}`);
}

async function main(): Promise<number> {
  if (fs.existsSync(".env")) process.loadEnvFile(".env");
  let env;
  try {
    env = loadServerEnv();
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

  let handle: DatabaseHandle;
  try {
    handle = await createDatabaseFromEnv(env);
  } catch (error) {
    if (isDataDirLockedError(error)) {
      console.error(`${error.message}\nThe seed changes nothing while the server runs: stop it, seed, then start it again.`);
      return 1;
    }
    throw error;
  }
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

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error("Seeding failed:", error);
    process.exitCode = 1;
  },
);
