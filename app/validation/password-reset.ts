import { z } from "~/validation/zod";
import { LoginSchema, newPassword } from "./auth";

// Forgot password (from the log-in form) and the reset page the emailed link opens. The new
// password follows the sign-up rules of docs/product.md §11.3.

export const FORGOT_PASSWORD_SENT =
  "If an account exists for that email, we've sent a link to reset your password. Please check your inbox (and your spam folder).";

export const ForgotPasswordSchema = LoginSchema.pick({ email: true });

export const RESET_LINK_INVALID = "This reset link has expired or has already been used. Please request a new one.";

/**
 * What a reset token can look like (Better Auth makes 24 letters and digits). Anything else, NUL
 * and other characters PostgreSQL refuses in text included, is a broken link, answered before
 * the database is asked.
 */
export const RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export const ResetPasswordSchema = z
  .object({
    token: z.string({ error: RESET_LINK_INVALID }).regex(RESET_TOKEN_PATTERN, RESET_LINK_INVALID),
    password: newPassword,
    confirmPassword: z.string({ error: "Please confirm your new password" }).min(1, "Please confirm your new password"),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords don't match", path: ["confirmPassword"] });

export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;
