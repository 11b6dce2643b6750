import { currentRequestContext } from "~/server/request-context.server";

// A small structured logger: one JSON line per event on stdout/stderr, level from LOG_LEVEL.
// Kept dependency-free; production log shippers read the JSON lines. A line written while a
// request is handled carries its requestId (docs/product.md §17.4). Fields whose name says they
// hold a secret are never written; an email address is shortened to its domain.

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info")) as keyof typeof LEVELS;
  return LEVELS[name] ?? LEVELS.info;
}

const SECRET_FIELD = /pass(word)?|secret|token|authori[sz]ation|cookie|api_?key|credential/i;
const EMAIL_FIELD = /e-?mail/i;

function serialiseError(value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
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
