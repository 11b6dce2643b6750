import { z } from "~/validation/zod";
import { newPassword } from "./auth";
import { personName } from "./names";

// docs/product.md §11.6.

/** The Full Name: the same name rule as sign-up (validation/names.ts), in the documented words. */
export const NameSchema = z.object({
  name: personName({
    required: "Name cannot be empty",
    tooLong: "Name must be less than 50 characters",
    characters: "Name can only contain letters, spaces, hyphens, and apostrophes",
  }),
});

const filled = z.string({ error: "Please fill in all password fields" }).min(1, "Please fill in all password fields");

export const PasswordChangeSchema = z
  .object({ currentPassword: filled, newPassword: filled, confirmPassword: filled })
  .refine((v) => v.newPassword === v.confirmPassword, { message: "New passwords don't match", path: ["confirmPassword"] })
  .pipe(z.object({ currentPassword: z.string(), newPassword, confirmPassword: z.string() }));

export const EmailChangeSchema = z.object({
  email: z
    .string({ error: "Please enter your new email address" })
    .trim()
    .min(1, "Please enter your new email address")
    .max(255, "Email must be less than 255 characters")
    .pipe(z.email("Invalid email address")),
});

// Asked again before the email address changes or the account is deleted (docs/product.md §9.2): her
// password, or for a member with two-factor authentication on, a code from her app instead.
export const CURRENT_SECRET_TEXT = {
  passwordLabel: "Current password",
  secretLabel: "Current password or authenticator code",
  passwordNeeded: "Please enter your current password",
  secretNeeded: "Please enter your current password or a 6-digit code from your authenticator app",
  wrongPassword: "Your current password is incorrect. Please try again.",
  wrongSecret: "That password or code didn't match. Please try again.",
  tooMany: "Too many attempts. Please wait 15 minutes and try again.",
} as const;

/** The current-password field of the email change and the Delete Account dialog. */
export function currentSecretSchema(twoFactorEnabled: boolean) {
  const needed = twoFactorEnabled ? CURRENT_SECRET_TEXT.secretNeeded : CURRENT_SECRET_TEXT.passwordNeeded;
  const wrong = twoFactorEnabled ? CURRENT_SECRET_TEXT.wrongSecret : CURRENT_SECRET_TEXT.wrongPassword;
  return z.object({ currentPassword: z.string({ error: needed }).min(1, needed).max(128, wrong) });
}

export const NotificationSchema = z.object({
  enabled: z.union([z.boolean(), z.enum(["true", "false"])], { error: "Invalid notification setting" })
    .transform((v) => v === true || v === "true"),
});

export const PrivacyLevelSchema = z.enum(["basic", "standard", "strict"], {
  error: "Privacy level must be basic, standard, or strict",
});

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/**
 * The most a route reads of a multipart avatar upload: the 5 MB file plus room for the multipart
 * boundaries and a few small fields. A body over this is refused before it is parsed, so a huge
 * upload cannot exhaust memory (readLimitedFormData in app/server/http/multipart.server.ts).
 */
export const AVATAR_UPLOAD_BODY_LIMIT = AVATAR_MAX_BYTES + 64 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;
export const AVATAR_EXTENSIONS = ["jpeg", "jpg", "png", "gif", "webp"] as const;
export const AVATAR_SIZE_MESSAGE = "File size must be less than 5MB";
export const AVATAR_TYPE_MESSAGE = "Only JPEG, PNG, GIF, and WebP images are allowed";

/** The browser-side check of a chosen file; the server checks the real bytes again. */
export function checkAvatarFile(file: { size: number; type: string; name: string }): string | null {
  if (file.size > AVATAR_MAX_BYTES) return AVATAR_SIZE_MESSAGE;
  const ext = file.name.split(".").pop()?.toLowerCase() ?? "";
  if (!(AVATAR_TYPES as readonly string[]).includes(file.type) || !(AVATAR_EXTENSIONS as readonly string[]).includes(ext)) {
    return AVATAR_TYPE_MESSAGE;
  }
  return null;
}
