import { describe, expect, it } from "vitest";
import { bodyLimitFor, DEFAULT_BODY_LIMIT } from "./body-limit.server";

// The bridge's per-route body limits (decision 142; docs/security.md "Request body limits").

describe("bodyLimitFor", () => {
  it("gives a file shared with a member 20 MB and the form's fields, and says so in its 413", () => {
    const limit = bodyLimitFor("/settings/admin/member-files");
    expect(limit.bytes).toBe(20 * 1024 * 1024 + 64 * 1024);
    expect(limit.message).toBe("This upload is too large: a file shared with a member can be at most 20 MB. Nothing was changed.");
    // The dialog's fetcher posts to the route's .data address, which counts as the route.
    expect(bodyLimitFor("/settings/admin/member-files.data").bytes).toBe(limit.bytes);
    expect(bodyLimitFor("/settings/admin/member-files/").bytes).toBe(limit.bytes);
  });

  it("keeps the default for any other admin address", () => {
    expect(bodyLimitFor("/settings/admin").bytes).toBe(DEFAULT_BODY_LIMIT);
    expect(bodyLimitFor("/settings/admin/member-files-other").bytes).toBe(DEFAULT_BODY_LIMIT);
  });
});
