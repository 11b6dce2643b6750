// Manage administrators from the command line (the first admin has nobody to grant it):
//   npm run admin -- grant EMAIL     give the account the admin role
//   npm run admin -- revoke EMAIL    remove it (never from the last administrator, docs/product.md §7.10)
//   npm run admin -- list            list the administrators
// Uses the same database as the server (DATABASE_URL, else the embedded database in DATA_DIR),
// while the server runs or not: the embedded database is a PostgreSQL server (docs/decisions/200).
import "./lib/private-files";
import type { DatabaseHandle } from "~/server/db/client.server";
import type { DataDirLockedError } from "~/server/db/data-dir-lock.server";
import { findUserByEmail, grantAdmin, listAdmins, revokeAdmin } from "~/server/models/roles.server";
import { loadScriptEnv, openScriptDatabase, runScript } from "./lib/start";

const USAGE = `Usage:
  npm run admin -- grant EMAIL     give the account with this email the admin role
  npm run admin -- revoke EMAIL    remove the admin role (the last administrator is kept)
  npm run admin -- list            list the administrators`;

class CommandError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function lockedMessage(error: DataDirLockedError): string {
  const owner = error.pid ? ` (pid ${error.pid})` : "";
  return [
    `The data directory ${error.dataDir} is in use by the running server${owner}, and its database does not answer.`,
    "Nothing was changed. If the server is starting, try again in a moment; otherwise manage",
    "administrators from the admin dashboard (/settings/admin) while signed in as an admin.",
  ].join("\n");
}

async function run(handle: DatabaseHandle, command: string, email: string | undefined): Promise<string> {
  const { db } = handle;
  if (command === "list") {
    const admins = await listAdmins(db);
    if (admins.length === 0) return "There are no administrators yet. Grant the first with: npm run admin -- grant EMAIL";
    const lines = admins.map((a) => `  ${a.email}  ${a.name}  (since ${a.grantedAt.toISOString().slice(0, 10)})`);
    return [`${admins.length} administrator${admins.length === 1 ? "" : "s"}:`, ...lines].join("\n");
  }

  if (!email) throw new CommandError(`Please give an email address.\n\n${USAGE}`, 2);
  const user = await findUserByEmail(db, email);
  if (!user) {
    throw new CommandError(`No account uses the email ${email}. The person needs to sign up on the site first.`);
  }
  const audit = { adminId: null, details: { user_email: user.email, user_name: user.name, source: "command line" } };

  if (command === "grant") {
    const result = await grantAdmin(db, user.id, audit);
    if (result === "already_admin") return `${user.email} is already an administrator. Nothing changed.`;
    if (result === "user_not_found") throw new CommandError(`No account uses the email ${email}.`);
    return `${user.email} is now an administrator.`;
  }

  const result = await revokeAdmin(db, user.id, audit);
  if (result === "not_admin") return `${user.email} is not an administrator. Nothing changed.`;
  if (result === "last_admin") {
    throw new CommandError(
      `${user.email} is the last administrator, so their admin role was kept: the site needs at least one.\n` +
        "Grant another account first (npm run admin -- grant EMAIL), then revoke this one.",
    );
  }
  return `${user.email} is no longer an administrator.`;
}

async function main(argv: string[]): Promise<number> {
  const [command, email, ...rest] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  if (!["grant", "revoke", "list"].includes(command) || rest.length > 0 || (command === "list" && email)) {
    console.error(`Unknown command: ${argv.join(" ")}\n\n${USAGE}`);
    return 2;
  }

  const env = loadScriptEnv();
  if (!env) return 1;

  // Shared: while the site runs, through the database server it runs.
  const handle = await openScriptDatabase(env, { shared: true, whenLocked: lockedMessage });
  if (!handle) return 1;

  try {
    await handle.migrate();
    console.log(await run(handle, command, email));
    return 0;
  } catch (error) {
    if (error instanceof CommandError) {
      console.error(error.message);
      return error.exitCode;
    }
    throw error;
  } finally {
    await handle.close();
  }
}

runScript(() => main(process.argv.slice(2)), "The admin command failed");
