// The words beside each consent to news and offers by email (docs/product.md §7.2, §9.4;
// docs/decisions/256-marketing-consent-recorded.md). The exact wording she saw is stored with her
// choice, so these strings are what the forms show and what the consent records keep.

/**
 * The sign-up form's box, unticked until she ticks it. NOTE: its words avoid "email", so that
 * asking for the field labelled 'Email' (voice control, a screen reader's list of fields, tests)
 * finds the address field alone.
 */
export const SIGNUP_MARKETING_CONSENT = "Send me news, training tips and offers to my inbox. I can unsubscribe at any time.";

/** The settings page's 'Email Notifications' switch. */
export const SETTINGS_MARKETING_CONSENT_LABEL = "Email Notifications";
export const SETTINGS_MARKETING_CONSENT_HELP =
  "News, training tips and offers by email. Receipts, security and course emails always reach you, whatever you choose here.";

/** What a settings change records: the switch's words and what she did with it. */
export function settingsConsentWording(given: boolean): string {
  return `${SETTINGS_MARKETING_CONSENT_LABEL} turned ${given ? "on" : "off"}: ${SETTINGS_MARKETING_CONSENT_HELP}`;
}
