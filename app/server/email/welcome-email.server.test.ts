import { describe, expect, it } from "vitest";
import { DEFAULT_WELCOME_SETTINGS, firstCallDay, formatCallTime, renderCohortWelcome } from "./welcome-email.server";

// Learn to Lift's welcome email (docs/product.md §18.6): the call's time as a letter writes it, the
// first call on the call's weekday on or after the start (UK days), and the coach's words escaped.

describe("the welcome email's group call", () => {
  it("writes the time on the 12-hour clock", () => {
    expect(formatCallTime("19:00")).toBe("7:00pm");
    expect(formatCallTime("00:15")).toBe("12:15am");
    expect(formatCallTime("12:00")).toBe("12:00pm");
    expect(formatCallTime("09:05")).toBe("9:05am");
  });

  it("puts the first call on the call's weekday on or after the start", () => {
    expect(firstCallDay(new Date("2027-01-11T09:00:00Z"), "Tuesday")).toBe("Tuesday 12 January 2027");
    expect(firstCallDay(new Date("2027-01-11T09:00:00Z"), "Monday")).toBe("Monday 11 January 2027");
    expect(firstCallDay(new Date("2027-01-11T09:00:00Z"), "Sunday")).toBe("Sunday 17 January 2027");
    // 11:30pm UTC on a summer Sunday is already Monday in the UK.
    expect(firstCallDay(new Date("2027-06-06T23:30:00Z"), "Monday")).toBe("Monday 7 June 2027");
  });
});

describe("the coach's words", () => {
  it("keep her paragraphs and cannot add HTML", () => {
    const email = renderCohortWelcome({
      firstName: "Margaret",
      productName: "Learn to Lift",
      cohortStart: new Date("2027-01-11T09:00:00Z"),
      workouts: [],
      settings: { ...DEFAULT_WELCOME_SETTINGS, message: "First <b>bold</b> line.\n\nSecond paragraph." },
    });
    expect(email.html).not.toContain("<b>bold</b>");
    expect(email.html).toContain("&lt;b&gt;bold&lt;/b&gt;");
    expect(email.text).toContain("Second paragraph.");
    expect(email.text).toContain("Your first week's two workouts open in your course on the day it starts.");
    expect(email.text).not.toContain("Join the group call");
  });
});
