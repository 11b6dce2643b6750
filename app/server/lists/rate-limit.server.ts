import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import type { Queryable } from "~/server/db/client.server";

// A fixed-window counter per key in the rate_limits table (DESIGN §2: shared by every server, so
// the limit holds behind a load balancer). Better Auth keeps its own keys in the same table; ours
// carry a prefix ("email-list:<ip>") and, for them, last_request holds the start of the window.

export interface RateLimitRule {
  /** How many hits the window allows. */
  max: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends (for Retry-After). */
  retryAfterSeconds: number;
}

/**
 * Counts one hit for `key` and says whether it is within the rule. One statement (an upsert), so
 * concurrent requests on several servers can't both slip under the limit.
 */
export async function hitRateLimit(
  db: Queryable,
  key: string,
  rule: RateLimitRule,
  now: Date = new Date(),
): Promise<RateLimitResult> {
  const nowMs = now.getTime();
  const windowStartBefore = nowMs - rule.windowMs;
  const result = await db.execute<{ count: number; last_request: string | number }>(sql`
    insert into rate_limits (id, key, count, last_request)
    values (${crypto.randomUUID()}, ${key}, 1, ${nowMs})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${windowStartBefore} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${windowStartBefore} then ${nowMs} else rate_limits.last_request end
    returning count, last_request
  `);
  const row = result.rows[0]!;
  const count = Number(row.count);
  const windowStart = Number(row.last_request);
  return {
    allowed: count <= rule.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStart + rule.windowMs - nowMs) / 1000)),
  };
}
