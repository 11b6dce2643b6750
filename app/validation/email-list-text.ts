// The email lists' words, codes and shapes, without Zod: the form imports this on every public
// page and loads the schema (./email-list, with Zod) only when a visitor starts using a form.

export const EMAIL_LIST_FORMS = ["popup", "lead_capture", "calendar", "newsletter", "waitlist", "interest"] as const;
export type EmailListForm = (typeof EMAIL_LIST_FORMS)[number];

export const EMAIL_LIST_SUCCESS = "Success! Now check your email to confirm your subscription.";

/**
 * Every message a sign-up can end with, by code. The code travels in the address after a form
 * posted without JavaScript (never the message itself, so nobody can make the page show their
 * own text through a link).
 */
export const EMAIL_LIST_MESSAGES = {
  form_unknown: "Unknown form",
  first_name_too_long: "First name must be less than 50 characters",
  first_name_control: "First name contains a character that isn't allowed",
  email_required: "Please enter your email address",
  email_too_long: "Email must be less than 255 characters",
  email_invalid: "Please enter a valid email address",
  challenge_too_long: "Please keep your biggest challenge under 500 characters",
  challenge_control: "Please remove the invisible control characters from your answer.",
  rate_limited: "You've signed up several times in a short while. Please wait 10 minutes and try again.",
  unavailable: "Sorry, we couldn't send your confirmation email just now. Please try again in a few minutes.",
  bad_request: "Sorry, something went wrong with that form. Please refresh the page and try again.",
} as const;
export type EmailListErrorCode = keyof typeof EMAIL_LIST_MESSAGES;

/** The query parameters that bring a no-JavaScript outcome back to its form: ?email_list=<form>&email_list_status=ok|<code>. */
export const EMAIL_LIST_RESULT_PARAM = "email_list";
export const EMAIL_LIST_STATUS_PARAM = "email_list_status";

/** The fields a message can belong to (the others are shown for the whole form). */
export type EmailListField = "first_name" | "email_address" | "biggest_challenge";

/** What the sign-up action answers a request made with JavaScript. */
export type EmailListResponse =
  | { ok: true; message: string }
  | { ok: false; error: string; code: EmailListErrorCode; field?: EmailListField };

/** The code of a message, for the address after a no-JavaScript post. */
export function emailListErrorCode(message: string): EmailListErrorCode {
  const found = (Object.keys(EMAIL_LIST_MESSAGES) as EmailListErrorCode[]).find((c) => EMAIL_LIST_MESSAGES[c] === message);
  return found ?? "bad_request";
}

export function isEmailListErrorCode(value: string | null | undefined): value is EmailListErrorCode {
  return !!value && Object.hasOwn(EMAIL_LIST_MESSAGES, value);
}
