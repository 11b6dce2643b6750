import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, type CreatedUser } from "../../scripts/factories";
import { signIn, Site } from "../support/fuzz-site";
import { INTEGRATION_BUILD_MS } from "../support/budgets";

// WEB_CONCURRENCY=2 (docs/decisions/202): two processes serve the site, on the embedded database
// their primary runs (or PostgreSQL). What one process changes, the other serves at once (the
// settings reading and the public page cache are dropped in both), and a process that dies is
// replaced while the other keeps answering.

let site: Site;
let coach: CreatedUser;

beforeAll(async () => {
  site = await Site.start({
    name: "cluster",
    env: { WEB_CONCURRENCY: "2", LOG_LEVEL: "warn" },
    seed: async (db) => {
      coach = await createUser(db, { admin: true, firstName: "Jo", lastName: "Coach" });
    },
  });
}, INTEGRATION_BUILD_MS);

afterAll(async () => {
  await site?.close();
});

/** The server's worker processes (node children of the primary). */
function workerPids(): number[] {
  const primary = site.server!.child.pid!;
  let children: string[];
  try {
    children = fs.readFileSync(`/proc/${primary}/task/${primary}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
  } catch {
    return [];
  }
  return children.map(Number).filter((pid) => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("server.js");
    } catch {
      return false;
    }
  });
}

/** A page over a new connection each time, so the primary hands them to both processes in turn. */
async function pages(pathname: string, times: number): Promise<string[]> {
  const bodies: string[] = [];
  for (let n = 0; n < times; n++) {
    const answer = await site.raw(pathname, { headers: { connection: "close" } });
    expect(answer.status).toBe(200);
    bodies.push(answer.body);
  }
  return bodies;
}

describe("WEB_CONCURRENCY=2", () => {
  it("serves from two processes, and a price the admin changes is on every page at once", async () => {
    expect(workerPids()).toHaveLength(2);
    // Both processes have the page cached at the installed price.
    for (const body of await pages("/learn-to-lift", 6)) expect(body).not.toContain("£333");

    const jar = await signIn(site, coach.user.email, coach.password);
    const saved = await site.send("/settings/admin/offers", {
      jar,
      form: {
        intent: "update-offers",
        "price:learn-to-lift": "333",
        "price:stronger-with-jo": "477",
        "price:build-stronger-foundations": "20",
        nextCohortDate: "2027-01-11T09:00",
      },
    });
    expect(saved.status).toBe(303);
    expect(saved.headers.get("location")).toBe("/settings/admin/offers");

    // Well within the 2 s refresh that other servers rely on: both processes were told.
    for (const body of await pages("/learn-to-lift", 6)) expect(body).toContain("£333");
  });

  it("replaces a process that dies, while the other keeps answering", async () => {
    const [victim, survivor] = workerPids();
    process.kill(victim!, "SIGKILL");
    // Once the primary has started a replacement it has seen the victim go (a connection handed
    // over at the very moment it died is lost): from then on every request is answered, by the
    // survivor until the replacement is ready (a worker takes connections only when ready).
    const deadline = Date.now() + 60_000;
    let now = workerPids();
    while ((now.length < 2 || now.includes(victim!)) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      now = workerPids();
    }
    for (const body of await pages("/healthz", 4)) expect(body).toContain("ok");
    expect(now).toHaveLength(2);
    expect(now).toContain(survivor);
    expect(now).not.toContain(victim);
  });
});
