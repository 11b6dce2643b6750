import { describe, expect, it } from "vitest";
import { fullName } from "./names";

describe("fullName", () => {
  it("joins the first and last name", () => {
    expect(fullName({ firstName: "Mabel", lastName: "Jones" })).toBe("Mabel Jones");
  });
  it("is the first name alone when there is no last name", () => {
    expect(fullName({ firstName: "Mabel", lastName: null })).toBe("Mabel");
    expect(fullName({ firstName: "Mabel" })).toBe("Mabel");
  });
  it("is empty when there is neither, so the caller's stand-in shows", () => {
    expect(fullName({ firstName: null, lastName: null })).toBe("");
    expect(fullName({})).toBe("");
    expect(fullName({ firstName: "  ", lastName: "" }) || "her email").toBe("her email");
  });
  it("trims each part", () => {
    expect(fullName({ firstName: " Mary Anne ", lastName: " Smith" })).toBe("Mary Anne Smith");
  });
});
