import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { ActivityEntry } from "~/server/admin/activity.server";
import type { IntegrationsData } from "~/server/admin/integrations.server";
import type { SubscriberPage } from "~/server/admin/subscribers.server";
import type { MemberPage, MemberRow } from "~/server/admin/users.server";
import { ActivityLogTab } from "./activity-log-tab";
import { IntegrationsTab } from "./integrations-tab";
import { SubscribersTab } from "./subscribers-tab";
import { UsersTab } from "./users-tab";

// What the coach reads on the dashboard's tabs, rendered as the server renders them: British dates
// (docs/product.md §14.5), counts in the singular for one, the reason an action she cannot take is
// not offered (§10.5), and the Integrations tab in her words (§10.8).

/** A US-style date ("Nov 27, 2026", "November 27, 2026", "11/27/2026"), anywhere in the text. */
const US_DATE = /\b(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\.? \d{1,2},? \d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/;

function render(element: ReactNode): string {
  const Stub = createRoutesStub([{ path: "/settings/admin", Component: () => element }]);
  return renderToString(<Stub initialEntries={["/settings/admin"]} />);
}

/** The visible text of rendered HTML, entities decoded, one space between elements. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

function member(overrides: Partial<MemberRow> = {}): MemberRow {
  return {
    userId: "user-1",
    firstName: "Jo",
    lastName: "Coach",
    email: "jo@example.com",
    avatarUrl: null,
    createdAt: "2026-11-27T14:29:00Z",
    isAdmin: true,
    purchases: [
      { productName: "Learn to Lift", amountPence: 30000, refundedPence: 0, currency: "gbp", purchasedAt: "2026-11-28T10:00:00Z", status: "paid", endsAt: null },
    ],
    coaching: { state: "none" },
    files: [],
    ...overrides,
  };
}

function usersPage(members: MemberRow[]): MemberPage {
  return { members, query: "", page: 1, hasPrevious: false, hasNext: false, matches: null };
}

function subscribersPage(count: number, query = ""): SubscriberPage {
  return { query, page: 1, rows: [], hasPrevious: false, hasNext: false, count, capped: false };
}

describe("dates on the dashboard", () => {
  it("the Users tab writes 'Joined' and each purchase as a British date", () => {
    const text = textOf(render(<UsersTab page={usersPage([member()])} failed={false} search={{ query: "", page: 1 }} adminId="other" adminCount={2} totalUsers={1} />));
    expect(text).toContain("Joined 27 November 2026");
    expect(text).toContain("£300.00 · 28 November 2026");
    expect(text).not.toMatch(US_DATE);
  });

  it("the Activity Log and Integrations tabs write times as '27 November 2026, 14:29'", () => {
    const entry: ActivityEntry = { id: "a1", actionType: "grant_admin", createdAt: "2026-11-27T14:29:00Z", userLabel: "Jo Coach", summary: null, changes: [], adminEmail: null };
    const log = textOf(render(<ActivityLogTab entries={[entry]} />));
    expect(log).toContain("27 November 2026, 14:29");
    expect(log).not.toMatch(US_DATE);

    const integrations = textOf(render(<IntegrationsTab data={integrationsData({ lastSuccessfulSyncAt: "2026-11-27T14:29:00Z" })} />));
    expect(integrations).toContain("27 November 2026, 14:29");
    expect(integrations).not.toMatch(US_DATE);
  });
});

describe("counts", () => {
  it("the Subscribers tab says '1 sign-up' for one and 'sign-ups' for more", () => {
    expect(textOf(render(<SubscribersTab page={subscribersPage(1)} />))).toContain("newest first (1 sign-up).");
    expect(textOf(render(<SubscribersTab page={subscribersPage(0)} />))).toContain("newest first (0 sign-ups).");
    expect(textOf(render(<SubscribersTab page={subscribersPage(1234)} />))).toContain("newest first (1,234 sign-ups).");
    expect(textOf(render(<SubscribersTab page={subscribersPage(1, "ruth")} />))).toContain("1 sign-up matches “ruth”.");
  });
});

describe("'Remove admin' on the only administrator (docs/product.md §10.5)", () => {
  const props = { failed: false, search: { query: "", page: 1 }, adminId: "user-1", totalUsers: 1 };

  it("is disabled, and the reason is written beside it", () => {
    const html = render(<UsersTab page={usersPage([member()])} {...props} adminCount={1} />);
    const button = /<button[^>]*aria-label="Remove admin access from Jo Coach"[^>]*>/.exec(html)?.[0] ?? "";
    expect(button).toMatch(/\bdisabled=""/);
    const describedBy = /aria-describedby="([^"]+)"/.exec(button)?.[1];
    expect(describedBy).toBeTruthy();
    const note = new RegExp(`id="${describedBy}"[^>]*>([^<]*)<`).exec(html)?.[1] ?? "";
    expect(note).toContain("You are the only administrator");
  });

  it("is offered as usual when there is another administrator", () => {
    const html = render(<UsersTab page={usersPage([member()])} {...props} adminCount={2} />);
    const button = /<button[^>]*aria-label="Remove admin access from Jo Coach"[^>]*>/.exec(html)?.[0] ?? "";
    expect(button).not.toMatch(/\bdisabled=""/);
    expect(textOf(html)).not.toContain("You are the only administrator");
  });
});

describe("the Integrations tab in the coach's words (docs/product.md §10.8)", () => {
  it("without Kit: what happens to sign-ups and what to do, with no developer terms", () => {
    const text = textOf(render(<IntegrationsTab data={integrationsData({ provider: "local" })} />));
    expect(text).toContain("Kit not connected");
    expect(text).not.toMatch(/server functions|process the queue|KIT_API_KEY|restart/i);
    expect(text).toContain("Kit isn't connected, so nobody is added to your Kit account.");
    expect(text).toContain("Everyone who signs up is kept safely on this site");
    expect(text).toContain("ask whoever looks after your website to add your Kit API key");
  });

  it("with Kit: who is sent there, in plain words", () => {
    const text = textOf(render(<IntegrationsTab data={integrationsData({ provider: "kit" })} />));
    expect(text).toContain("Kit connected");
    expect(text).toContain("is added to Kit automatically, tagged with where they signed up");
    expect(text).not.toMatch(/server functions|process the queue|KIT_API_KEY/i);
  });
});

function integrationsData(overrides: Partial<IntegrationsData["emailMarketing"]> = {}): IntegrationsData {
  return {
    emailMarketing: {
      provider: "local",
      subscribers: 3,
      confirmed: 2,
      queued: 0,
      failed: 0,
      lastSuccessfulSyncAt: null,
      subscribersUrl: "https://app.kit.com/subscribers",
      ...overrides,
    },
    community: { url: null, membersUrl: null },
    mail: { queued: 0, sentToday: 0, failing: 0, lastError: null, transport: "outbox" },
  };
}
