// How the dashboard's Subscribers view (docs/product.md §10.12) and its CSV name each email-list
// form, sign-up status and sync state: one list for the page and the download.

export const SUBSCRIBER_FORM_LABELS = {
  popup: "Website popup",
  lead_capture: "Menopause strength guide",
  calendar: "28-day workout calendar",
  newsletter: "Newsletter",
  waitlist: "Build Stronger Foundations waitlist",
  interest: "Learn to Lift interest",
} as const;

export const SUBSCRIBER_STATUS_LABELS = {
  pending: "Awaiting confirmation",
  confirmed: "Confirmed",
  unsubscribed: "Unsubscribed",
} as const;

export const SUBSCRIBER_SYNC_LABELS = {
  synced: "Synced",
  waiting: "Waiting to sync",
  failed: "Sync failed",
  "not-yet": "Not synced",
  local: "Kept on this site",
} as const;
