import { describe, expect, it } from "vitest";
import { LoginSchema, SignupSchema } from "./auth";
import { parseFirst } from "./first-error";

const valid = {
  firstName: "Sarah",
  lastName: "Jones",
  phone: "",
  email: "sarah@example.co.uk",
  password: "Stronger2025",
  terms: "on",
};

describe("sign-up schema (docs/product.md §11.3)", () => {
  it("accepts a valid sign-up, trimming names and turning an empty phone into null", () => {
    const r = parseFirst(SignupSchema, { ...valid, firstName: "  Sarah ", lastName: " Jones " });
    expect(r).toEqual({
      ok: true,
      data: { firstName: "Sarah", lastName: "Jones", phone: null, email: "sarah@example.co.uk", password: "Stronger2025", terms: true, marketing: false },
    });
  });

  it("reads the news and offers box as consent only when ticked (docs/product.md §7.2)", () => {
    expect(parseFirst(SignupSchema, { ...valid, marketing: "on" })).toMatchObject({ ok: true, data: { marketing: true } });
    for (const marketing of [undefined, "", "off", "false"]) {
      expect(parseFirst(SignupSchema, { ...valid, marketing })).toMatchObject({ ok: true, data: { marketing: false } });
    }
  });

  it.each([
    [{ firstName: "   " }, "First name is required"],
    [{ firstName: "a".repeat(51) }, "First name must be less than 50 characters"],
    [{ lastName: "" }, "Last name is required"],
    [{ lastName: "b".repeat(51) }, "Last name must be less than 50 characters"],
    [{ phone: "0".repeat(21) }, "Phone number must be less than 20 characters"],
    [{ firstName: "Nora\u0000" }, "First name contains a character that isn't allowed"],
    [{ lastName: "Brennan\r\nBcc: x@example.com" }, "Last name contains a character that isn't allowed"],
    [{ firstName: "Jo\u001b[31m" }, "First name contains a character that isn't allowed"],
    [{ phone: "07700\u0000900123" }, "Phone number contains a character that isn't allowed"],
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ email: `${"a".repeat(250)}@example.com` }, "Email must be less than 255 characters"],
    [{ password: "Short1" }, "Password must be at least 8 characters"],
    [{ password: `Aa1${"x".repeat(126)}` }, "Password must be less than 128 characters"],
    [{ password: "alllowercase1" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ password: "NoDigitsHere" }, "Password must contain at least one uppercase letter, one lowercase letter, and one number"],
    [{ terms: undefined }, "You must accept the terms and conditions"],
    [{ terms: "" }, "You must accept the terms and conditions"],
  ])("rejects %o with '%s'", (patch, message) => {
    expect(parseFirst(SignupSchema, { ...valid, ...patch })).toEqual({ ok: false, error: message });
  });

  it("reports only the first failing field, in the order the form shows them", () => {
    expect(parseFirst(SignupSchema, { ...valid, firstName: "", email: "bad", terms: "" })).toEqual({
      ok: false,
      error: "First name is required",
    });
  });
});

describe("log-in schema (docs/product.md §11.3)", () => {
  it("accepts any password of 6 or more characters", () => {
    expect(parseFirst(LoginSchema, { email: "a@b.co", password: "abcdef" }).ok).toBe(true);
  });
  it.each([
    [{ email: "nope", password: "abcdef" }, "Invalid email address"],
    [{ email: "a@b.co", password: "abc" }, "Password must be at least 6 characters"],
    [{ email: "a@b.co" }, "Password must be at least 6 characters"],
  ])("rejects %o with '%s'", (input, message) => {
    expect(parseFirst(LoginSchema, input)).toEqual({ ok: false, error: message });
  });
});
