import { z } from "~/validation/zod";

// The code of the sign-in's second step (docs/product.md §7.7): six digits from an authenticator app, or
// one of the backup codes shown when two-factor authentication was turned on ("AbCde-12345").

export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const TwoFactorCodeSchema = z.object({
  code: z
    .string({ error: "Please enter your authentication code" })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(
      z
        .string()
        .min(1, "Please enter your authentication code")
        .max(32, "That code is too long")
        .regex(/^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/, "Please enter the 6-digit code from your app, or a backup code"),
    ),
});

export type TwoFactorCodeInput = z.output<typeof TwoFactorCodeSchema>;

/** True when the code is an authenticator code, false when it looks like a backup code. */
export function isTotpCode(code: string): boolean {
  return TOTP_CODE_PATTERN.test(code);
}
