import { describe, expect, it } from "vitest";
import { loadServerEnv } from "~/config/env.server";
import { emailMarketingProviderName, parseRetryAfter } from "./kit.server";

describe("parseRetryAfter", () => {
  it("reads seconds and HTTP dates, and ignores anything else", () => {
    const now = Date.parse("2025-01-05T13:45:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Sun, 05 Jan 2025 13:46:30 GMT", now)).toBe(90_000);
    expect(parseRetryAfter("Sun, 05 Jan 2025 13:00:00 GMT", now)).toBe(0);
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter("soon", now)).toBeNull();
  });
});

describe("emailMarketingProviderName", () => {
  it("is Kit only when a key is set", () => {
    expect(emailMarketingProviderName({ KIT_API_KEY: "kit_abc" })).toBe("kit");
    expect(emailMarketingProviderName({ KIT_API_KEY: undefined })).toBe("local");
  });
});

describe("KIT_API_URL", () => {
  const parse = (value: string) => () => loadServerEnv({ KIT_API_URL: value } as NodeJS.ProcessEnv);

  it("accepts Kit's https address and a local stand-in", () => {
    expect(parse("https://api.kit.com/v4")().KIT_API_URL).toBe("https://api.kit.com/v4");
    expect(parse("http://127.0.0.1:4010/v4")().KIT_API_URL).toBe("http://127.0.0.1:4010/v4");
    expect(parse("")().KIT_API_URL).toBeUndefined();
  });

  it("refuses plain http to another machine, where the key would travel unencrypted", () => {
    expect(parse("http://api.kit.com/v4")).toThrow(/KIT_API_URL.*https/s);
    expect(parse("ftp://example.com")).toThrow(/KIT_API_URL/);
  });
});
