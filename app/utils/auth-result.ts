// What the /auth action answers a form posted with JavaScript (useFetcher), shared by the action
// (routes/api/auth-form.ts) and the form (components/auth-form.tsx). Without JavaScript the
// action redirects instead, with the same words in a flash toast.

export type AuthMode = "sign-up" | "log-in" | "forgot-password" | "two-factor";

export const AUTH_MODES: readonly AuthMode[] = ["sign-up", "log-in", "forgot-password", "two-factor"];

export function parseAuthMode(value: unknown, fallback: AuthMode = "sign-up"): AuthMode {
  return AUTH_MODES.includes(value as AuthMode) ? (value as AuthMode) : fallback;
}

/** Extra data a page posts along with the form (e.g. productKey on a checkout), echoed back. */
export type AuthIntent = Record<string, string>;

export interface AuthSuccess {
  ok: true;
  kind: "signed-up" | "signed-in";
  user: { id: string; email: string };
  intent: AuthIntent;
  /** Where the form goes next unless its page skips the redirect. */
  redirectTo: string;
}

export type AuthActionResult =
  | AuthSuccess
  | { ok: true; kind: "two-factor-required" }
  | { ok: true; kind: "reset-email-sent"; message: string }
  | { ok: false; kind: "validation" | "service" | "unexpected"; message: string }
  /** Sign-up with an address that has an account: the form offers to log in instead, keeping the page. */
  | { ok: false; kind: "account-exists"; message: string };

// docs/product.md §7.1.
export const AUTH_TEXT = {
  success: "Success",
  signedIn: "Successfully signed in!",
  accountCreated: "Account created successfully!",
  validationError: "Validation Error",
  error: "Error",
  unexpected: "An unexpected error occurred",
  tooManyAttempts: "Too many attempts. Please wait a minute and try again.",
  twoFactorTitle: "Two-factor authentication",
  twoFactorPrompt: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  twoFactorExpired: "Your sign-in has timed out. Please log in again.",
  resetEmailTitle: "Check your email",
} as const;

/**
 * docs/product.md §7.1: a sign-up with an address that already has an account. The authentication
 * library has always said so ('User already exists'), so telling her kindly reveals nothing new.
 */
export const ACCOUNT_EXISTS_TEXT = {
  title: "Welcome back",
  message: "You already have an account with this email address. Please log in to continue.",
} as const;

/** The honeypot field: people never see or fill it; bots that fill every field do. */
export const HONEYPOT_FIELD = "website";

/**
 * docs/product.md §7.10: an address in ADMIN_EMAILS opens the admin dashboard once it is confirmed. Shown on
 * the settings page, and in the toast of a visit to the dashboard before then.
 */
export const ADMIN_CONFIRM_TEXT = {
  title: "Please confirm your email address",
  toast: "Your email address must be confirmed while you're logged in before you can open the admin dashboard.",
  message:
    "Your email address must be confirmed while you're logged in before you can open the admin dashboard. Please open the link we emailed you in this browser, or send a new one with 'Resend verification email' under Account Status.",
} as const;
