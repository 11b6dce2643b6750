import type { Queryable } from "~/server/db/client.server";

// The Integrations tab's figures (issue 6): the email-marketing sync and the community link.
// Being built: the shape is fixed so the dashboard can render it.

export interface IntegrationsData {
  emailMarketing: {
    /** "kit" when KIT_API_KEY is set, otherwise "local" (subscribers stay in our own table). */
    provider: "kit" | "local";
    subscribers: number;
    confirmed: number;
    queued: number;
    failed: number;
    lastSuccessfulSyncAt: string | null;
    subscribersUrl: string | null;
  };
  community: { membersUrl: string | null };
}

export async function loadIntegrationsData(_db: Queryable): Promise<IntegrationsData> {
  return {
    emailMarketing: { provider: "local", subscribers: 0, confirmed: 0, queued: 0, failed: 0, lastSuccessfulSyncAt: null, subscribersUrl: null },
    community: { membersUrl: null },
  };
}
