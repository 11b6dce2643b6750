import { DrizzleQueryError } from "drizzle-orm/errors";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loggable, logger } from "~/server/core/logger.server";
import { runWithRequestContext } from "~/server/core/request-context.server";

// Log lines (docs/product.md §17.4): the request id on every line of a request; no secret, and
// no full email address.

afterEach(() => vi.restoreAllMocks());

describe("logger", () => {
  it("adds the request id of the request being handled, however deep", async () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    await runWithRequestContext({ requestId: "req-12345678" }, async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      logger.warn("inside");
    });
    logger.warn("outside");
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: "inside", requestId: "req-12345678" });
    expect(JSON.parse(lines[1]!)).not.toHaveProperty("requestId");
  });

  it("never writes a secret, and shortens an email address to its domain", () => {
    expect(loggable("password", "Stronger2025")).toBe("[redacted]");
    expect(loggable("apiKey", "kit_123")).toBe("[redacted]");
    expect(loggable("authorization", "Bearer x")).toBe("[redacted]");
    expect(loggable("resetToken", "abc")).toBe("[redacted]");
    expect(loggable("email", "jo.bloggs@example.com")).toBe("…@example.com");
    expect(loggable("userId", "u_1")).toBe("u_1");
    expect(loggable("error", new Error("boom"))).toMatchObject({ name: "Error", message: "boom" });
  });

  it("writes a failed query's SQL and PostgreSQL's reason, never its parameters, on one line", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const reason = Object.assign(new Error('invalid input syntax for type uuid: "0b5e-unsubscribe-token"'), { code: "22P02", severity: "ERROR" });
    const params = ["jo.bloggs@example.com", "203.0.113.9", "0b5e-unsubscribe-token", "line one\nline two"];
    const failed = new DrizzleQueryError('insert into "login_history" ("email", "ip_address", "token") values ($1, $2, $3)', params, reason);
    logger.error("request failed", { error: failed });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.trimEnd().split("\n")).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { error: { message: string; stack: string; cause: { message: string; code: string } } };
    expect(entry.error.message).toBe('Failed query: insert into "login_history" ("email", "ip_address", "token") values ($1, $2, $3)\nparams: [redacted]');
    expect(entry.error.stack.split("\n    at ")[0]).toBe(`Error: ${entry.error.message}`);
    expect(entry.error.cause).toMatchObject({ code: "22P02", message: 'invalid input syntax for type uuid: "[redacted]"' });
    for (const value of ["jo.bloggs", "203.0.113.9", "0b5e-unsubscribe-token", "line two"]) expect(lines[0]).not.toContain(value);
  });

  it("redacts a failed query passed among other details, as Better Auth's log passes its errors", () => {
    const lines: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const reason = Object.assign(new Error("duplicate key value violates unique constraint \"users_email_unique\""), { code: "23505", severity: "ERROR", detail: "Key (email)=(jo.bloggs@example.com) already exists." });
    const failed = new DrizzleQueryError('insert into "users" ("id", "email") values ($1, $2)', ["u_1", "jo.bloggs@example.com"], reason);
    logger.error("better-auth: Failed to create user", { details: [failed, { note: "sign-up" }] });
    expect(lines).toHaveLength(1);
    const entry = JSON.parse(lines[0]!) as { details: [{ message: string; cause: { code: string } }, { note: string }] };
    expect(entry.details[0].message).toBe('Failed query: insert into "users" ("id", "email") values ($1, $2)\nparams: [redacted]');
    expect(entry.details[0].cause.code).toBe("23505");
    expect(entry.details[1]).toEqual({ note: "sign-up" });
    expect(lines[0]).not.toContain("jo.bloggs");
  });
});
