import { z } from "~/validation/zod";
import { PoundsSchema } from "~/validation/offers";

// 'Refund' on the Sales tab (docs/product.md §8.7): the form's fields and rules, one schema for the
// browser and the server.

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
  .transform((form) => ({ purchaseId: form.purchaseId, requestKey: form.requestKey, amountPence: form.amount }));
