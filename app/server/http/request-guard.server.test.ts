import { describe, expect, it } from "vitest";
import { guardRequest, parseHostHeader } from "./request-guard.server";

describe("parseHostHeader", () => {
  it.each([
    ["localhost", { hostname: "localhost", port: null }],
    ["Coach.Example.co.uk", { hostname: "coach.example.co.uk", port: null }],
    ["127.0.0.1:8080", { hostname: "127.0.0.1", port: 8080 }],
    ["[::1]:3000", { hostname: "[::1]", port: 3000 }],
    ["my_app:3000", { hostname: "my_app", port: 3000 }],
    ["example.com.", { hostname: "example.com", port: null }],
  ])("reads %j", (value, expected) => {
    expect(parseHostHeader(value)).toEqual(expected);
  });

  it.each(["", " ", ":80", "a..b", "-a.example", "a b", "a/b", "a@b", "a:0", "a:99999", "a:port", "[::1", "[zz]", "x".repeat(64), `${"a.".repeat(130)}b`])("refuses %j", (value) => {
    expect(parseHostHeader(value)).toBeNull();
  });
});

describe("guardRequest", () => {
  const host = { host: "coach.example" };

  it("lets GET, HEAD and POST through", () => {
    for (const method of ["GET", "HEAD", "POST"]) expect(guardRequest({ method, headers: host })).toBeNull();
  });

  it("answers OPTIONS with 204 and Allow", () => {
    expect(guardRequest({ method: "OPTIONS", headers: host })).toMatchObject({ status: 204, headers: { Allow: "GET, HEAD, POST" } });
  });

  it.each(["TRACE", "PUT", "DELETE", "PATCH", "PROPFIND"])("answers %s with 405 and Allow", (method) => {
    const answer = guardRequest({ method, headers: host });
    expect(answer).toMatchObject({ status: 405, headers: { Allow: "GET, HEAD, POST" } });
    expect(answer?.body).toContain(`does not accept ${method} requests`);
  });

  it("answers an empty Host with 400, and lets a request without one through", () => {
    expect(guardRequest({ method: "GET", headers: { host: "" } })).toMatchObject({ status: 400 });
    expect(guardRequest({ method: "GET", headers: {} })).toBeNull();
  });
});
