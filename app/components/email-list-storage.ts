/** Set in localStorage once any email-list form succeeds, so the exit-intent popup no longer asks. */
export const SUBSCRIBED_STORAGE_KEY = "email-list:subscribed";
