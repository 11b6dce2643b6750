import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as exportLoader } from "~/routes/admin/members-export";
import { csvCell, CSV_COLUMNS, membersCsvStream } from "~/server/admin/members-csv.server";
import { users } from "~/server/db/schema";
import { setupTestDatabase } from "../support/db";
import { createUser } from "../../scripts/factories";
import { getRequest, routeArgs, setupAuthEnvironment } from "../support/auth";
import { signedInMember } from "../support/admin-fixtures";

// GET /settings/admin/members.csv (docs/product.md §10.7): a streamed CSV attachment of every member,
// safe to open in a spreadsheet. Who may fetch it: admin-dashboard-authz.test.ts.

const t = setupTestDatabase();
setupAuthEnvironment();

/** A minimal CSV reader (quoted fields, doubled quotes, CRLF), to check what a spreadsheet reads. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(field);
      field = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(field);
      rows.push(row);
      row = [];
      field = "";
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<{ text: string; chunks: number }> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let chunks = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks++;
    text += decoder.decode(value, { stream: true });
  }
  return { text, chunks };
}

describe("csvCell", () => {
  it("quotes what needs quoting and defuses spreadsheet formulas", () => {
    expect(csvCell("Sarah")).toBe("Sarah");
    expect(csvCell(null)).toBe("");
    expect(csvCell(true)).toBe("yes");
    expect(csvCell('Jo "the coach", UK')).toBe('"Jo ""the coach"", UK"');
    expect(csvCell("line\nbreak")).toBe('"line\nbreak"');
    for (const evil of ["=1+1", "+44 7700", "-2+3", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://x","y")']) {
      const parsed = parseCsv(`${csvCell(evil)}\r\n`)[0]![0]!;
      expect(parsed).toBe(`'${evil}`);
    }
  });
});

describe("GET /settings/admin/members.csv", () => {
  it("is a dated CSV attachment with a header row and one line per member", async () => {
    const admin = await signedInMember(t.db, { admin: true, firstName: "Jo", lastName: "Coach", emailVerified: true, emailNotifications: false });
    await createUser(t.db, {
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: "O'Connor, Jr",
      email: "formula@example.com",
      emailNotifications: true,
      emailVerified: false,
      createdAt: new Date("2025-01-05T10:00:00Z"),
    });
    const response = (await exportLoader(routeArgs(getRequest("/settings/admin/members.csv", { jar: admin.jar })))) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.body).toBeInstanceOf(ReadableStream);

    const bytes = new Uint8Array(await response.arrayBuffer());
    // A UTF-8 byte-order mark first, so spreadsheet programs read "Siobhán" right.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parseCsv(text);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    const formula = rows.find((r) => r[2] === "formula@example.com")!;
    expect(formula).toEqual([`'=HYPERLINK("http://evil.example","Click")`, "O'Connor, Jr", "formula@example.com", "2025-01-05", "yes", "no", "no", "active", expect.any(String)]);
    const jo = rows.find((r) => r[2] === admin.user.email)!;
    expect(jo.slice(0, 2)).toEqual(["Jo", "Coach"]);
    expect(jo.slice(4, 8)).toEqual(["no", "yes", "yes", "active"]);
    // Nothing secret travels: no ids, no password hashes.
    expect(text).not.toContain(admin.user.id);
    expect(text).not.toMatch(/scrypt|\$2[aby]\$|:[0-9a-f]{32}/);
  });

  it("streams a few thousand members in batches, each once, oldest first, ties broken by id", async () => {
    // Bulk members straight in SQL, many sharing one created_at (keyset ties).
    await t.db.execute(sql`
      insert into users (id, name, email, email_verified, created_at, updated_at)
      select 'bulk-' || g, 'Bulk ' || g, 'bulk' || g || '@example.com', false,
             timestamp '2024-06-01 12:00:00.123456+00' + ((g / 7) * interval '1 second'), now()
      from generate_series(1, 3200) as g
    `);
    await t.db.execute(sql`
      insert into profiles (user_id, first_name, last_name, email, created_at)
      select id, 'Bulk', split_part(name, ' ', 2), email, created_at from users where id like 'bulk-%'
    `);
    const total = Number((await t.db.execute<{ n: number }>(sql`select count(*)::int as n from profiles`)).rows[0]!.n);
    expect(total).toBeGreaterThan(3200);

    const { text, chunks } = await readAll(membersCsvStream(t.db, { batchSize: 500 }));
    const rows = parseCsv(text).slice(1);
    expect(rows).toHaveLength(total);
    const emails = rows.map((r) => r[2]);
    expect(new Set(emails).size).toBe(total);
    expect(emails.filter((e) => e!.startsWith("bulk"))).toHaveLength(3200);
    const joined = rows.map((r) => r[3]!);
    expect([...joined].sort()).toEqual(joined);
    // Header, then one chunk per batch of 500 (never everything at once).
    expect(chunks).toBeGreaterThanOrEqual(1 + Math.ceil(total / 500));
    await t.db.execute(sql`delete from ${users} where id like 'bulk-%'`);
  });
});
