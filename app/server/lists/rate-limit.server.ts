import crypto from "node:crypto";
import { hitWindow } from "~/server/models/account-limits.server";
import type { Queryable } from "~/server/db/client.server";

// A fixed-window counter per visitor for the email-list forms, kept in the account_limits table
// with the other counters of our own, so every server shares it behind a load balancer. Not in
// Better Auth's rate_limits table: Better Auth clears rows there once its own one-minute windows
// are over, which would cut a ten-minute window short. The key holds a SHA-256 of the visitor's
// address, never the address itself.

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

/** The stored key for a counter: its kind and a hash of who is counted. */
export function counterKey(kind: string, who: string): string {
  return `${kind}:${crypto.createHash("sha256").update(who).digest("hex")}`;
}

/**
 * Counts one hit for `key` and says whether it is within the rule. One statement (an upsert), so
 * concurrent requests on several servers can't both slip under the limit.
 */
export async function hitRateLimit(db: Queryable, key: string, rule: RateLimitRule, now: Date = new Date()): Promise<RateLimitResult> {
  const { count, windowStartedAt } = await hitWindow(db, key, rule.windowMs, now);
  return {
    allowed: count <= rule.max,
    count,
    retryAfterSeconds: Math.max(1, Math.ceil((windowStartedAt.getTime() + rule.windowMs - now.getTime()) / 1000)),
  };
}
