import type { SQL } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";
import { utcDay } from "./visitors.server";

/** The rows of a raw query. */
export async function rows<T>(q: Queryable, query: SQL): Promise<T[]> {
  return (await q.execute<T & Record<string, unknown>>(query)).rows as T[];
}

/** A UTC day (YYYY-MM-DD) moved by whole days. */
export function addDays(day: string, days: number): string {
  return utcDay(new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000));
}
