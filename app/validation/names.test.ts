import { describe, expect, it } from "vitest";
import { SignupSchema } from "./auth";
import { parseFirst } from "./first-error";
import { NameSchema } from "./settings";

// One name rule for the sign-up form and the settings page: what one accepts, the other accepts.

const signUp = (firstName: string, lastName = "Jones") =>
  parseFirst(SignupSchema, { firstName, lastName, phone: "", email: "sarah@example.co.uk", password: "Stronger2025", terms: "on" });
const settings = (name: string) => parseFirst(NameSchema, { name });

const ACCEPTED = [
  "O’Brien", // the typographic apostrophe an iPhone types
  "O'Brien",
  "Siân",
  "Sia\u0302n", // the same, typed as a letter and a combining accent
  "Zoë",
  "Anne-Marie",
  "Mary Jane",
  "d’Arcy-Smith",
  "Nguyễn Thị",
  "Åsa",
  "Ní Bhriain",
];

const REFUSED = ["R2-D2", "Sarah <script>", "J. Smith", "Jo 💪", "Anne_Marie", "O\"Brien"];

describe("the name rule (sign-up and settings alike)", () => {
  it.each(ACCEPTED)("accepts %j on both forms", (name) => {
    expect(settings(name)).toEqual({ ok: true, data: { name } });
    expect(signUp(name, name)).toMatchObject({ ok: true, data: { firstName: name, lastName: name } });
  });

  it.each(REFUSED)("refuses %j on both forms, with each form's words", (name) => {
    expect(settings(name)).toEqual({ ok: false, error: "Name can only contain letters, spaces, hyphens, and apostrophes" });
    expect(signUp(name)).toEqual({ ok: false, error: "First name can only contain letters, spaces, hyphens, and apostrophes" });
    expect(signUp("Sarah", name)).toEqual({ ok: false, error: "Last name can only contain letters, spaces, hyphens, and apostrophes" });
  });

  it("trims both, and holds both to 50 characters", () => {
    expect(settings("  Zoë  ")).toEqual({ ok: true, data: { name: "Zoë" } });
    expect(signUp("  Zoë  ")).toMatchObject({ ok: true, data: { firstName: "Zoë" } });
    expect(settings("A".repeat(51))).toEqual({ ok: false, error: "Name must be less than 50 characters" });
    expect(signUp("A".repeat(51))).toEqual({ ok: false, error: "First name must be less than 50 characters" });
  });
});
