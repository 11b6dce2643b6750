import { describe, expect, it } from "vitest";
import { parseFirst } from "./first-error";
import { ForgotPasswordSchema, RESET_LINK_INVALID, ResetPasswordSchema } from "./password-reset";
import { isTotpCode, TwoFactorCodeSchema } from "./two-factor";

describe("password reset schemas", () => {
  it("needs a valid email to send the link", () => {
    expect(parseFirst(ForgotPasswordSchema, { email: "nope" })).toEqual({ ok: false, error: "Invalid email address" });
    expect(parseFirst(ForgotPasswordSchema, { email: " Sarah@Example.com " })).toEqual({ ok: true, data: { email: "Sarah@Example.com" } });
  });

  it.each([
    [{ token: "", password: "NewPass123", confirmPassword: "NewPass123" }, RESET_LINK_INVALID],
    [{ token: "t", password: "short1A", confirmPassword: "short1A" }, "Password must be at least 8 characters"],
    [{ token: "t", password: "nouppercase1", confirmPassword: "nouppercase1" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ token: "t", password: "NewPass123", confirmPassword: "" }, "Please confirm your new password"],
    [{ token: "t", password: "NewPass123", confirmPassword: "NewPass124" }, "Passwords don't match"],
  ])("rejects %o with '%s'", (input, message) => {
    expect(parseFirst(ResetPasswordSchema, input)).toEqual({ ok: false, error: message });
  });
});

describe("two-factor code", () => {
  it("accepts an app code or a backup code, ignoring spaces", () => {
    expect(parseFirst(TwoFactorCodeSchema, { code: "123 456" })).toEqual({ ok: true, data: { code: "123456" } });
    expect(parseFirst(TwoFactorCodeSchema, { code: "AbC12-xYz89" })).toEqual({ ok: true, data: { code: "AbC12-xYz89" } });
    expect(isTotpCode("123456")).toBe(true);
    expect(isTotpCode("AbC12-xYz89")).toBe(false);
  });

  it("rejects an empty or malformed code", () => {
    expect(parseFirst(TwoFactorCodeSchema, { code: "" })).toEqual({ ok: false, error: "Please enter your authentication code" });
    expect(parseFirst(TwoFactorCodeSchema, { code: "12345" })).toEqual({ ok: false, error: "Please enter the 6-digit code from your app, or a backup code" });
  });
});
