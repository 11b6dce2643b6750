import { currentRequestContext } from "~/server/core/request-context.server";

// A small structured logger: one JSON line per event on stdout/stderr, level from LOG_LEVEL.
// Kept dependency-free; production log shippers read the JSON lines. A line written while a
// request is handled carries its requestId (docs/product.md §17.4). Fields whose name says they
// hold a secret are never written; an email address is shortened to its domain. An error is
// written with its name, message, code, stack and cause; a failed database query with its SQL and
// PostgreSQL's error, never its parameters (an email, a client IP, a token: docs/security.md).

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info")) as keyof typeof LEVELS;
  return LEVELS[name] ?? LEVELS.info;
}

const SECRET_FIELD = /pass(word)?|secret|token|authori[sz]ation|cookie|api_?key|credential/i;
const EMAIL_FIELD = /e-?mail/i;

/** Drizzle's "Failed query: <sql>\nparams: <values>": the values, to the end of the message, go. */
const QUERY_PARAMS = /\nparams: [\s\S]*$/;
/** PostgreSQL quotes the value it could not take at the end of some messages (`…uuid: "abc"`). */
const QUOTED_VALUE = /: "(?:[^"]|"")*"$/;

function isPostgresError(error: Error): boolean {
  const { code, severity } = error as { code?: unknown; severity?: unknown };
  return typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) && typeof severity === "string";
}

/** An error's message without the values a query was given. */
function redactMessage(error: Error): string {
  let message = error.message.replace(QUERY_PARAMS, "\nparams: [redacted]");
  if (isPostgresError(error)) message = message.replace(QUOTED_VALUE, ': "[redacted]"');
  return message;
}

function serialiseError(value: unknown, depth = 0): unknown {
  // A list of details (Better Auth logs its errors so) is written item by item.
  if (Array.isArray(value)) return depth < 3 ? value.map((item) => serialiseError(item, depth + 1)) : "[…]";
  if (!(value instanceof Error)) return value;
  const message = redactMessage(value);
  // The stack starts with the message (which may span lines): it is written with the redacted one.
  const frames = value.stack?.indexOf("\n    at ") ?? -1;
  const entry: Record<string, unknown> = {
    name: value.name,
    message,
    stack: frames >= 0 ? `${value.name}: ${message}${value.stack!.slice(frames)}` : undefined,
  };
  const code = (value as { code?: unknown }).code;
  if (typeof code === "string" || typeof code === "number") entry.code = code;
  if (value.cause !== undefined && depth < 3) entry.cause = serialiseError(value.cause, depth + 1);
  return entry;
}

/** What a field may show in a log line. */
export function loggable(key: string, value: unknown): unknown {
  if (SECRET_FIELD.test(key) && value !== undefined && value !== null && value !== "") return "[redacted]";
  if (EMAIL_FIELD.test(key) && typeof value === "string" && value.includes("@")) return `…@${value.split("@").pop()}`;
  return serialiseError(value);
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg: message };
  const context = currentRequestContext();
  if (context) entry.requestId = context.requestId;
  if (fields) for (const [k, v] of Object.entries(fields)) entry[k] = loggable(k, v);
  const line = JSON.stringify(entry);
  if (level === "error" || level === "warn") process.stderr.write(line + "\n");
  else process.stdout.write(line + "\n");
}

export const logger = {
  debug: (msg: string, fields?: Record<string, unknown>) => write("debug", msg, fields),
  info: (msg: string, fields?: Record<string, unknown>) => write("info", msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write("warn", msg, fields),
  error: (msg: string, fields?: Record<string, unknown>) => write("error", msg, fields),
};
