import { z } from "~/validation/zod";

// SPEC §5 "Admin": edits are not validated beyond bounds; an empty last name is stored as null.

export const DELETE_CONFIRMATION_WORD = "DELETE";

export const DeleteConfirmationSchema = z.object({
  confirmation: z.literal(DELETE_CONFIRMATION_WORD, { error: "Please type DELETE to confirm" }),
});

export const AdminEditUserSchema = z.object({
  firstName: z.string().trim().max(50, "First name must be less than 50 characters"),
  lastName: z
    .string()
    .trim()
    .max(50, "Last name must be less than 50 characters")
    .optional()
    .transform((v) => (v ? v : null)),
});
