import { getServerEnv } from "~/config/env.server";

// The grace period after a failed renewal (docs/product.md §8.10): she keeps her monthly offer for
// PAYMENT_GRACE_DAYS (7 unless set) from the first failure while the provider retries her card.

export const DEFAULT_GRACE_DAYS = 7;

export function graceDays(): number {
  return getServerEnv().PAYMENT_GRACE_DAYS ?? DEFAULT_GRACE_DAYS;
}

/** When access ends for a subscription whose payment has been failing since `pastDueSince`. */
export function graceEndsAt(pastDueSince: Date, days = graceDays()): Date {
  return new Date(pastDueSince.getTime() + days * 86_400_000);
}
