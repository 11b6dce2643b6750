import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bookingPageUrl } from "~/config/booking";
import { BookingEmbed } from "./booking-embed";

describe("BookingEmbed", () => {
  it("throws 'calLink is required' without a link (docs/product.md §4.8)", () => {
    expect(() => renderToString(<BookingEmbed calLink="" namespace="20min" />)).toThrow(
      new Error("calLink is required"),
    );
    expect(() => renderToString(<BookingEmbed calLink="   " namespace="free-consultation" />)).toThrow(
      "calLink is required",
    );
  });

  it("renders a 600 px placeholder with a plain link to the booking page before it loads", () => {
    const html = renderToString(<BookingEmbed calLink="strongwithjo/20min" namespace="20min" />);
    expect(html).toContain('data-state="idle"');
    expect(html).toContain("height:600px");
    expect(html).toContain('href="https://cal.com/strongwithjo/20min"');
    expect(html).toContain("Load the booking calendar");
    // Cal's script is never part of the server-rendered page.
    expect(html).not.toContain("embed.js");
  });

  it("builds the booking page address from the link", () => {
    expect(bookingPageUrl("jo/free-consultation")).toBe("https://cal.com/jo/free-consultation");
    expect(bookingPageUrl("/jo/20min")).toBe("https://cal.com/jo/20min");
  });
});
