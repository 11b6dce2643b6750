import type pg from "pg";

// Named prepared statements for the queries every signed-in page runs (the session lookup, the
// settings page). Drizzle sends each query as an unnamed statement, so the database parses and
// plans it again every time. These are parsed once per connection and then only bound and run.
// Measured on the embedded PostgreSQL: the settings page's read from about 1.1 ms to 0.35 ms
// (`npm run bench:settings-read`; docs/decisions/171). Keep it
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

/** PostgreSQL: node-postgres prepares a named query once per pooled connection. */
export function postgresPreparedRunner(pool: pg.Pool): RunPrepared {
  return async <TRow>(statement: PreparedStatement, params: readonly PreparedParam[]) => {
    const result = await pool.query({ name: statement.name, text: statement.text, values: [...params] });
    return result.rows as TRow[];
  };
}
