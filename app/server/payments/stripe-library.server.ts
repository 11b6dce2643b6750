import type Stripe from "stripe";

// Stripe's library, loaded when first needed (a webhook to check or sign, a Stripe checkout), not
// at start: an idle server never holds it (docs/performance.md, Memory).

let library: Promise<typeof Stripe> | undefined;

export function loadStripe(): Promise<typeof Stripe> {
  return (library ??= import("stripe").then((module) => module.default));
}
