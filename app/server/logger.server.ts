// A small structured logger: one line per event on stdout/stderr, level from LOG_LEVEL.
// Kept dependency-free; production log shippers read the JSON lines.

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, "silent">;

function threshold(): number {
  const name = (process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info")) as keyof typeof LEVELS;
  return LEVELS[name] ?? LEVELS.info;
}

function serialiseError(value: unknown) {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

function write(level: Level, message: string, fields?: Record<string, unknown>) {
  if (LEVELS[level] < threshold()) return;
  const entry: Record<string, unknown> = { time: new Date().toISOString(), level, msg: message };
  if (fields) for (const [k, v] of Object.entries(fields)) entry[k] = serialiseError(v);
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
