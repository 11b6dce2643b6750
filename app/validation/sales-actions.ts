import { z } from "~/validation/zod";
import { PoundsSchema } from "~/validation/offers";

// The Sales tab's two actions: 'Refund' on a payment (docs/product.md §8.7) and 'Cancel
// subscription' (§10.11). Each form's fields and rules, one schema for the browser and the server.

export const REFUND_FIELDS = { purchaseId: "purchaseId", amount: "amount", confirm: "confirm", requestKey: "requestKey" } as const;

export const REFUND_FORM_MESSAGES = {
  confirm: "Tick the box to confirm the refund.",
  amount: "Enter the amount to refund in pounds, for example 30 or 29.99, or leave it empty to refund all that is left.",
  unknown: "That payment could not be found. Please reload the page.",
} as const;

export const RefundSchema = z
  .object({
    intent: z.literal("refund", { error: REFUND_FORM_MESSAGES.unknown }),
    [REFUND_FIELDS.purchaseId]: z.uuid({ error: REFUND_FORM_MESSAGES.unknown }),
    [REFUND_FIELDS.requestKey]: z.string({ error: REFUND_FORM_MESSAGES.unknown }).regex(/^[A-Za-z0-9-]{8,64}$/, REFUND_FORM_MESSAGES.unknown),
    [REFUND_FIELDS.amount]: z
      .string()
      .trim()
      .default("")
      .transform((value, ctx) => {
        if (value === "") return null;
        const pence = PoundsSchema.safeParse(value);
        if (!pence.success) {
          ctx.addIssue({ code: "custom", message: REFUND_FORM_MESSAGES.amount });
          return z.NEVER;
        }
        return pence.data;
      }),
    [REFUND_FIELDS.confirm]: z.literal("yes", { error: REFUND_FORM_MESSAGES.confirm }),
  })
  .transform((form) => ({ intent: form.intent, purchaseId: form.purchaseId, requestKey: form.requestKey, amountPence: form.amount }));

// ─── 'Cancel subscription' (docs/product.md §10.11) ─────────────────────────────────────────────

export const CANCEL_WHEN = ["period_end", "now"] as const;

export const CANCEL_FORM_MESSAGES = {
  confirm: "Tick the box to confirm the cancellation.",
  when: "Choose when the subscription ends.",
  unknown: "That subscription could not be found. Please reload the page.",
} as const;

export const CancelSubscriptionSchema = z
  .object({
    intent: z.literal("cancel-subscription", { error: CANCEL_FORM_MESSAGES.unknown }),
    subscriptionId: z.string({ error: CANCEL_FORM_MESSAGES.unknown }).regex(/^[A-Za-z0-9_]{4,80}$/, CANCEL_FORM_MESSAGES.unknown),
    when: z.enum(CANCEL_WHEN, { error: CANCEL_FORM_MESSAGES.when }),
    confirm: z.literal("yes", { error: CANCEL_FORM_MESSAGES.confirm }),
  })
  .transform((form) => ({ intent: form.intent, subscriptionId: form.subscriptionId, when: form.when }));

// ─── 'Pause' (docs/product.md §10.11) ───────────────────────────────────────────────────────────

export const PAUSE_FORM_MESSAGES = {
  months: "Choose a pause of 1, 2 or 3 months.",
  confirm: "Tick the box to confirm the pause.",
} as const;

export const PauseSubscriptionSchema = z
  .object({
    intent: z.literal("pause-subscription", { error: CANCEL_FORM_MESSAGES.unknown }),
    subscriptionId: z.string({ error: CANCEL_FORM_MESSAGES.unknown }).regex(/^[A-Za-z0-9_]{4,80}$/, CANCEL_FORM_MESSAGES.unknown),
    months: z.enum(["1", "2", "3"], { error: PAUSE_FORM_MESSAGES.months }).transform((m) => Number(m) as 1 | 2 | 3),
    confirm: z.literal("yes", { error: PAUSE_FORM_MESSAGES.confirm }),
  })
  .transform((form) => ({ subscriptionId: form.subscriptionId, months: form.months }));
