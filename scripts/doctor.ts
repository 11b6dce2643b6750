// Checks every outside service this configuration uses, for real, and prints a table:
//   npm run doctor
// Exit code 0 when everything configured works (warnings allowed), 1 when something fails or the
// configuration itself is invalid. Reads .env like the server. docs/product.md §17.2.
import "./lib/private-files";
import { formatDoctorTable, runDoctor } from "~/server/ops/doctor.server";
import { loadScriptEnv, runScript } from "./lib/start";

async function main(): Promise<number> {
  // The checks' own library logging (a missing webhook secret…) would only repeat the table; and
  // as `npm start`: production unless NODE_ENV says otherwise.
  const env = loadScriptEnv({ LOG_LEVEL: "silent", NODE_ENV: "production" });
  if (!env) return 1;
  const results = await runDoctor(env);
  console.log(formatDoctorTable(results));
  const failed = results.filter((r) => r.status === "failed").length;
  const warned = results.filter((r) => r.status === "warning").length;
  console.log("");
  console.log(
    failed > 0
      ? `${failed} check${failed === 1 ? "" : "s"} failed: see "What to do" above.`
      : `Everything configured works${warned > 0 ? ` (${warned} warning${warned === 1 ? "" : "s"})` : ""}.`,
  );
  return failed > 0 ? 1 : 0;
}

runScript(main, "The doctor could not finish");
