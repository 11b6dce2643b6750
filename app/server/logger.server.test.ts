import { afterEach, describe, expect, it, vi } from "vitest";
import { loggable, logger } from "./logger.server";
import { runWithRequestContext } from "./request-context.server";

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
});
