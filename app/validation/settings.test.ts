import { describe, expect, it } from "vitest";
import { parseFirst } from "./first-error";
import { checkAvatarFile, NameSchema, NotificationSchema, PasswordChangeSchema, PrivacyLevelSchema } from "./settings";
import { DeleteConfirmationSchema } from "./admin";
import { EmailListSignupSchema } from "./email-list";

describe("settings schemas (docs/product.md §11.6)", () => {
  it.each([
    ["   ", "Name cannot be empty"],
    ["x".repeat(51), "Name must be less than 50 characters"],
    ["Sarah <script>", "Name can only contain letters, spaces, hyphens, and apostrophes"],
    ["R2-D2", "Name can only contain letters, spaces, hyphens, and apostrophes"],
  ])("rejects the name %j with '%s'", (name, message) => {
    expect(parseFirst(NameSchema, { name })).toEqual({ ok: false, error: message });
  });

  it("accepts names with accents, hyphens and apostrophes, trimmed", () => {
    expect(parseFirst(NameSchema, { name: "  Siân O'Neil-Brown " })).toEqual({ ok: true, data: { name: "Siân O'Neil-Brown" } });
  });

  it.each([
    [{ currentPassword: "old", newPassword: "", confirmPassword: "" }, "Please fill in all password fields"],
    [{ currentPassword: "old", newPassword: "NewPass123" }, "Please fill in all password fields"],
    [{ currentPassword: "old", newPassword: "NewPass123", confirmPassword: "NewPass124" }, "New passwords don't match"],
    [{ currentPassword: "old", newPassword: "weakpass", confirmPassword: "weakpass" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
  ])("rejects the password change %o with '%s'", (input, message) => {
    expect(parseFirst(PasswordChangeSchema, input)).toEqual({ ok: false, error: message });
  });

  it("accepts a matching strong new password", () => {
    expect(parseFirst(PasswordChangeSchema, { currentPassword: "old", newPassword: "NewPass123", confirmPassword: "NewPass123" }).ok).toBe(true);
  });

  it("requires a boolean notification setting", () => {
    expect(parseFirst(NotificationSchema, { enabled: "maybe" })).toEqual({ ok: false, error: "Invalid notification setting" });
    expect(parseFirst(NotificationSchema, { enabled: "false" })).toEqual({ ok: true, data: { enabled: false } });
  });

  it("knows the three privacy levels", () => {
    expect(parseFirst(PrivacyLevelSchema, "open")).toEqual({ ok: false, error: "Privacy level must be basic, standard, or strict" });
    expect(parseFirst(PrivacyLevelSchema, "strict")).toEqual({ ok: true, data: "strict" });
  });

  it("checks a chosen avatar's size and type", () => {
    expect(checkAvatarFile({ size: 6 * 1024 * 1024, type: "image/png", name: "a.png" })).toBe("File size must be less than 5MB");
    expect(checkAvatarFile({ size: 10, type: "image/svg+xml", name: "a.svg" })).toBe("Only JPEG, PNG, GIF, and WebP images are allowed");
    expect(checkAvatarFile({ size: 10, type: "image/jpeg", name: "me.JPG" })).toBeNull();
  });
});

describe("admin and email-list schemas", () => {
  it("needs exactly DELETE", () => {
    expect(parseFirst(DeleteConfirmationSchema, { confirmation: "delete" })).toEqual({ ok: false, error: "Please type DELETE to confirm" });
    expect(parseFirst(DeleteConfirmationSchema, { confirmation: "DELETE" }).ok).toBe(true);
  });

  it("needs a valid email and bounds the optional fields", () => {
    expect(parseFirst(EmailListSignupSchema, { form: "newsletter", email_address: "" })).toEqual({ ok: false, error: "Please enter your email address" });
    expect(parseFirst(EmailListSignupSchema, { form: "newsletter", email_address: "x@" })).toEqual({ ok: false, error: "Please enter a valid email address" });
    expect(parseFirst(EmailListSignupSchema, { form: "hacker", email_address: "a@b.co" })).toEqual({ ok: false, error: "Unknown form" });
    expect(parseFirst(EmailListSignupSchema, { form: "waitlist", email_address: " A@b.co ", first_name: "" })).toEqual({
      ok: true,
      data: { form: "waitlist", email_address: "A@b.co", first_name: null, biggest_challenge: null },
    });
  });
});
