import { z } from "~/validation/zod";
import { PasswordChangeSchema } from "~/validation/settings";

// The Security card's form rules (docs/product.md §9.3, §11.6 and §7.7), in one place for the card
// (components/settings/security-card.tsx) and its action (server/account/security.server.ts):
// the intents, the answer's shape, the words and each intent's Zod schema.

export const SECURITY_ACTION = "/settings/security";

export const SECURITY_INTENTS = [
  "change-password",
  "enable-two-factor",
  "verify-two-factor",
  "disable-two-factor",
  "regenerate-backup-codes",
] as const;

export type SecurityIntent = (typeof SECURITY_INTENTS)[number];

/** What the card shows once two-factor set-up has started: only ever sent to this member. */
export interface TwoFactorSetup {
  /** The QR code of the otpauth:// URI, as an SVG data URL rendered on the server. */
  qrCode: string;
  /** The same secret as text, for typing into the app by hand. */
  secret: string;
  backupCodes: string[];
}

export type SecurityActionResult =
  | { ok: true; intent: SecurityIntent; message: string; setup?: TwoFactorSetup; backupCodes?: string[] }
  | { ok: false; intent: SecurityIntent | null; kind: "validation" | "service" | "unexpected"; title: string; message: string };

/**
 * The toast title of a refusal. docs/product.md §9.3 lists the password change's messages ('Please fill in all
 * password fields', "New passwords don't match") under 'Error', with the settings page's other
 * errors; the two-factor forms' own checks say 'Validation Error', like the rest of docs/product.md §11.6.
 */
export function securityFailureTitle(intent: SecurityIntent | null, kind: "validation" | "service" | "unexpected"): string {
  return kind === "validation" && intent !== "change-password" ? "Validation Error" : "Error";
}

export const SECURITY_TEXT = {
  passwordUpdated: "Password updated successfully",
  wrongPassword: "Your current password is incorrect. Please try again.",
  passwordNeeded: "Please enter your current password",
  codeNeeded: "Please enter the 6-digit code from your authenticator app",
  wrongCode: "That code didn't match. Check the time on your phone and enter the newest code from your app.",
  setupStarted: "Scan the QR code with your authenticator app, then enter the 6-digit code it shows.",
  enabled: "Two-factor authentication is now on. You'll be asked for a code when you log in.",
  disabled: "Two-factor authentication is now off.",
  backupCodes: "New backup codes generated. Your old codes no longer work.",
  alreadyOn: "Two-factor authentication is already on.",
  notOn: "Two-factor authentication is not on.",
  noSetup: "Please start setting up two-factor authentication again.",
  sessionEnded: "Your session has ended. Please log in again.",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  unexpected: "An unexpected error occurred",
  badForm: "Please check the form and try again.",
  noJavaScript: "Please turn on JavaScript to set up two-factor authentication.",
} as const;

/** Turning two-factor on or off and new backup codes each ask for the password again. */
export const SecurityPasswordSchema = z.object({
  password: z
    .string({ error: SECURITY_TEXT.passwordNeeded })
    .min(1, SECURITY_TEXT.passwordNeeded)
    .max(128, SECURITY_TEXT.wrongPassword),
});

/** The first code from the app, which confirms the set-up. */
export const TotpSetupCodeSchema = z.object({
  code: z
    .string({ error: SECURITY_TEXT.codeNeeded })
    .transform((v) => v.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, SECURITY_TEXT.codeNeeded)),
});

/** Each intent's one schema, checked in the browser before sending and by the action. */
export const SECURITY_SCHEMAS: Record<SecurityIntent, z.ZodType> = {
  "change-password": PasswordChangeSchema,
  "enable-two-factor": SecurityPasswordSchema,
  "verify-two-factor": TotpSetupCodeSchema,
  "disable-two-factor": SecurityPasswordSchema,
  "regenerate-backup-codes": SecurityPasswordSchema,
};
