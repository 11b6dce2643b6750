import { z } from "zod";

// SPEC §5 "Forms for email lists" and DESIGN D12: email required and valid; first name and the
// biggest challenge optional; lengths bounded. `form` says which form it came from.

export const EMAIL_LIST_FORMS = ["popup", "lead_capture", "calendar", "newsletter", "waitlist", "interest"] as const;
export type EmailListForm = (typeof EMAIL_LIST_FORMS)[number];

export const EMAIL_LIST_SUCCESS = "Success! Now check your email to confirm your subscription.";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((v) => (v ? v : null));

export const EmailListSignupSchema = z.object({
  form: z.enum(EMAIL_LIST_FORMS, { error: "Unknown form" }),
  first_name: optionalText(50, "First name must be less than 50 characters"),
  email_address: z
    .string({ error: "Please enter your email address" })
    .trim()
    .min(1, "Please enter your email address")
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Please enter a valid email address")),
  biggest_challenge: optionalText(500, "Please keep your biggest challenge under 500 characters"),
});

export type EmailListSignup = z.output<typeof EmailListSignupSchema>;
