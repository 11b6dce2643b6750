import { parse, protocol, type PGlite } from "@electric-sql/pglite";
import type pg from "pg";

// Named prepared statements for the queries every signed-in page runs (the session lookup, the
// settings page). Drizzle sends each query as an unnamed statement, so the database parses and
// plans it again every time. These are parsed once per connection and then only bound and run.
// Measured on PGlite: the settings page's read from 692 to 230 µs (docs/performance.md). Keep it
// to fixed SQL with `$n` parameters; everything else goes through Drizzle.

/** SQL with `$1…$n` parameters, known by a name unique to this text. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

export type PreparedParam = string | number | boolean | Date | null;

/** Runs a prepared statement; returns its rows keyed by the statement's column names. */
export type RunPrepared = <TRow>(statement: PreparedStatement, params: readonly PreparedParam[]) => Promise<TRow[]>;

const declared = new Map<string, string>();

/** Declares a prepared statement (at module level). One name never stands for two texts. */
export function preparedStatement(name: string, text: string): PreparedStatement {
  if (!/^[a-z][a-z0-9_]{0,62}$/.test(name)) throw new Error(`Invalid prepared statement name: ${name}`);
  const known = declared.get(name);
  if (known !== undefined && known !== text) throw new Error(`Prepared statement ${name} is already declared with another text.`);
  declared.set(name, text);
  return { name, text };
}

/** A parameter in PostgreSQL's text format, as the extended protocol sends it. */
function textValue(value: PreparedParam): string | null {
  if (value === null) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "t" : "f";
  return String(value);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const DUPLICATE_PREPARED_STATEMENT = "42P05";

/**
 * PGlite: Parse once per instance, then Bind, Describe, Execute and Sync in one call into the
 * database instead of the six calls of a plain query. Holds PGlite's query lock, as a query does.
 */
export function pglitePreparedRunner(client: PGlite): RunPrepared {
  const { serialize } = protocol;
  const parsed = new Set<string>();
  return async <TRow>(statement: PreparedStatement, params: readonly PreparedParam[]) => {
    await client.waitReady;
    return client._runExclusiveQuery(async () => {
      if (!parsed.has(statement.name)) {
        try {
          await client.execProtocol(concat([serialize.parse({ name: statement.name, text: statement.text }), serialize.sync()]), {
            syncToFs: false,
          });
        } catch (error) {
          // Another handle on the same PGlite instance has prepared it already.
          if ((error as { code?: unknown }).code !== DUPLICATE_PREPARED_STATEMENT) throw error;
        }
        parsed.add(statement.name);
      }
      const { messages } = await client.execProtocol(
        concat([
          serialize.bind({ statement: statement.name, values: params.map(textValue) }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      return (parse.parseResults(messages, client.parsers)[0]?.rows ?? []) as TRow[];
    });
  };
}

/** PostgreSQL: node-postgres prepares a named query once per pooled connection. */
export function postgresPreparedRunner(pool: pg.Pool): RunPrepared {
  return async <TRow>(statement: PreparedStatement, params: readonly PreparedParam[]) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as TRow[];
  };
}
