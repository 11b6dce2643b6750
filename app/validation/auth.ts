import { z } from "~/validation/zod";
import { personName } from "./names";

// docs/product.md §11.2 and "Sign-up": one schema each, shared by the browser and the server. The keys
// are in the order the form shows its fields, so the first failing message is the top-most one.

const email = z
  .string({ error: "Invalid email address" })
  .trim()
  .max(255, "Email must be less than 255 characters")
  .pipe(z.email("Invalid email address"));

export const PASSWORD_HELPER_TEXT = "Must be at least 8 characters with uppercase, lowercase, and number";

export const newPassword = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be less than 128 characters")
  .regex(
    /(?=.*[a-z])(?=.*[A-Z])(?=.*\d)/,
    "Password must contain at least one uppercase letter, one lowercase letter, and one number",
  );

/**
 * Control characters (NUL, escape codes, line breaks…) never belong in a phone number (nor a
 * name, validation/names.ts); they would reach emails, the admin's CSV export and logs as they
 * are (found by fuzzing).
 */
const CONTROL_CHARACTERS = /\p{Cc}/u;

/** The name rule shared with the settings page (validation/names.ts), in the sign-up form's words. */
function signupName(label: "First name" | "Last name") {
  return personName({
    required: `${label} is required`,
    tooLong: `${label} must be less than 50 characters`,
    characters: `${label} can only contain letters, spaces, hyphens, and apostrophes`,
    control: `${label} contains a character that isn't allowed`,
  });
}

export const LoginSchema = z.object({
  email,
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .min(6, "Password must be at least 6 characters")
    .max(128, "Password must be less than 128 characters"),
});

export const SignupSchema = z.object({
  firstName: signupName("First name"),
  lastName: signupName("Last name"),
  phone: z
    .string()
    .trim()
    .max(20, "Phone number must be less than 20 characters")
    .refine((v) => !CONTROL_CHARACTERS.test(v), "Phone number contains a character that isn't allowed")
    .optional()
    .transform((v) => (v ? v : null)),
  email,
  password: newPassword,
  terms: z
    .union([z.boolean(), z.string()], { error: "You must accept the terms and conditions" })
    .transform((v) => v === true || v === "on" || v === "true")
    .refine((v) => v, "You must accept the terms and conditions"),
  /** The unticked box for news and offers by email: only a ticked box is consent (docs/product.md §7.2). */
  marketing: z
    .union([z.boolean(), z.string()])
    .optional()
    .transform((v) => v === true || v === "on" || v === "true"),
});

export type LoginInput = z.output<typeof LoginSchema>;
export type SignupInput = z.output<typeof SignupSchema>;
