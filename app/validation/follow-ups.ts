import { z } from "zod";

// The dashboard overview's 'Mark done' form (docs/product.md §10.16).

export const FOLLOW_UP_NOT_FOUND = "That to-do could not be found.";

export const MarkFollowUpDoneSchema = z.object({
  intent: z.literal("mark-done", { error: "Unknown action." }),
  id: z.uuid({ error: FOLLOW_UP_NOT_FOUND }),
});
