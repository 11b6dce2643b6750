import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmailText } from "./email-text";

describe("EmailText", () => {
  it("offers a line break only before the '@' and each dot, never inside a word (docs/decisions/261)", () => {
    const html = renderToString(<EmailText email="helen.marsh@example.co.uk" />);
    expect(html).toBe('<span class="break-words">helen<wbr/>.marsh<wbr/>@example<wbr/>.co<wbr/>.uk</span>');
    expect(html).not.toContain("break-all");
  });
});
