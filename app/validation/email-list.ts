import { z } from "~/validation/zod";
import { EMAIL_LIST_FORMS, EMAIL_LIST_MESSAGES } from "./email-list-text";

// docs/product.md §11.5 and docs/product.md §6: email required and valid; first name and the
// biggest challenge optional; lengths bounded. `form` says which form it came from.

export * from "./email-list-text";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const EmailListSignupSchema = z.object({
  form: z.enum(EMAIL_LIST_FORMS, { error: EMAIL_LIST_MESSAGES.form_unknown }),
  first_name: optionalText(50, EMAIL_LIST_MESSAGES.first_name_too_long),
  email_address: z
    .string({ error: EMAIL_LIST_MESSAGES.email_required })
    .trim()
    .min(1, EMAIL_LIST_MESSAGES.email_required)
    .max(255, EMAIL_LIST_MESSAGES.email_too_long)
    .pipe(z.email(EMAIL_LIST_MESSAGES.email_invalid)),
  biggest_challenge: optionalText(500, EMAIL_LIST_MESSAGES.challenge_too_long),
});

export type EmailListSignup = z.output<typeof EmailListSignupSchema>;
