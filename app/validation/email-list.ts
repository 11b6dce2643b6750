import { z } from "~/validation/zod";
import { EMAIL_LIST_FORMS, EMAIL_LIST_MESSAGES } from "./email-list-text";

// docs/product.md §11.5 and docs/product.md §6: email required and valid; first name and the
// biggest challenge optional; lengths bounded; no control characters in any field. `form` says which form it came from.

export * from "./email-list-text";

/** Control characters (NUL, escape codes…); a line break or tab is fine in a longer answer. */
const CONTROL_IN_LINE = /\p{Cc}/u;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

const optionalText = (max: number, message: string, control: RegExp, controlMessage: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .refine((v) => !control.test(v), controlMessage)
    .optional()
    .transform((v) => (v ? v : null));

export const EmailListSignupSchema = z.object({
  form: z.enum(EMAIL_LIST_FORMS, { error: EMAIL_LIST_MESSAGES.form_unknown }),
  first_name: optionalText(50, EMAIL_LIST_MESSAGES.first_name_too_long, CONTROL_IN_LINE, EMAIL_LIST_MESSAGES.first_name_control),
  email_address: z
    .string({ error: EMAIL_LIST_MESSAGES.email_required })
    .trim()
    .min(1, EMAIL_LIST_MESSAGES.email_required)
    .max(255, EMAIL_LIST_MESSAGES.email_too_long)
    .refine((v) => !CONTROL_IN_LINE.test(v), EMAIL_LIST_MESSAGES.email_invalid)
    .pipe(z.email(EMAIL_LIST_MESSAGES.email_invalid)),
  biggest_challenge: optionalText(500, EMAIL_LIST_MESSAGES.challenge_too_long, CONTROL_IN_TEXT, EMAIL_LIST_MESSAGES.challenge_control),
});

export type EmailListSignup = z.output<typeof EmailListSignupSchema>;
