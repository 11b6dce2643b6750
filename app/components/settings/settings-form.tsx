import { useEffect, useRef, useState, type FormEvent } from "react";
import { useFetcher, useFetchers } from "react-router";
import { showToast } from "~/components/ui/toaster";
import { SETTINGS_MARKETING_CONSENT_HELP } from "~/content/marketing-consent";

// What every settings form shares: the action's answer, the documented words, and a hook that posts
// a form through a fetcher (with JavaScript) and shows the answer's toast once. Without
// JavaScript each form is a plain POST to /settings and the action answers with a redirect and a
// flash toast instead (the fetcher posts to /settings?js=1, which tells the two apart).

export type SettingsIntent = "avatar" | "name" | "email" | "notifications" | "resend-verification" | "delete";

export type SettingsActionResult =
  | { ok: true; intent: SettingsIntent; title: string | null; description: string | null }
  /** `field`: the form field the message is about (the current password: her form stays open). */
  | { ok: false; intent: SettingsIntent | null; title: string; message: string; field?: "currentPassword" };

// /settings: docs/product.md §9.1 (the page and its failures) and §11.6 (its validation).
export const SETTINGS_TEXT = {
  success: "Success",
  error: "Error",
  validationError: "Validation Error",
  loadFailed: "Failed to load profile data",
  loading: "Loading settings...",
  nameUpdated: "Name updated successfully",
  avatarUpdated: "Profile picture updated successfully",
  emailInitiated: "Email update initiated. Please check your email to confirm the change.",
  emailNote: "You'll need to confirm your new email address",
  emailPasswordHint: "For your safety, we ask for it before your address changes.",
  deletePasswordHint: "For your safety, please confirm it's really you.",
  notificationsEnabled: "Email notifications enabled",
  notificationsDisabled: "Email notifications disabled",
  notificationsHelp: SETTINGS_MARKETING_CONSENT_HELP,
  verificationSent: "Verification email sent. Please check your inbox.",
  verificationLimit:
    "We've sent you three verification emails in the last hour. Please check your inbox and spam folder for the newest one, or try again later.",
  accountDeletedTitle: "Account Deleted",
  accountDeleted: "Your account has been permanently deleted",
  deleteFailed: "Failed to delete account. Please contact support.",
  deleteDialogTitle: "Are you absolutely sure?",
  deleteDialogText:
    "This action cannot be undone. This will permanently delete your account and remove all your data from our servers.",
  noLogins: "No recent login activity",
  noPurchases: "No purchases found",
  unknownLocation: "Unknown location",
  ipHidden: "IP hidden",
  unknownStatus: "Unknown",
  emailChanged: "Your email address has been updated",
  emailChangeFailed: "This confirmation link is invalid or has expired. Please ask for a new one.",
} as const;

/** True while any form of the page is being saved: docs/product.md §9.1 "a busy flag disables action buttons". */
export function useSettingsBusy(): boolean {
  return useFetchers().some((fetcher) => fetcher.state !== "idle");
}

/** False during the server render and hydration, true once React runs in the browser. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

export function toastResult(result: SettingsActionResult) {
  if (result.ok) {
    if (result.title) showToast({ title: result.title, description: result.description ?? undefined, variant: "success" });
    return;
  }
  showToast({ title: result.title, description: result.message, variant: "destructive" });
}

/**
 * A settings form's fetcher. `submit` (for onSubmit) runs the browser's check first: a message
 * shows the 'Validation Error' toast and nothing is sent. `onDone` runs once per answer.
 */
export function useSettingsForm(key: string, options: { onDone?: (result: SettingsActionResult) => void } = {}) {
  const fetcher = useFetcher<SettingsActionResult>({ key });
  const handled = useRef<SettingsActionResult | null>(null);
  const onDone = useRef(options.onDone);
  useEffect(() => {
    onDone.current = options.onDone;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result || fetcher.state !== "idle") return;
    handled.current = result;
    toastResult(result);
    onDone.current?.(result);
  }, [fetcher.data, fetcher.state]);

  function submit(event: FormEvent<HTMLFormElement>, check?: (form: FormData) => string | null | "skip") {
    event.preventDefault();
    if (fetcher.state !== "idle") return;
    const element = event.currentTarget;
    const form = new FormData(element, (event.nativeEvent as SubmitEvent).submitter);
    const problem = check?.(form) ?? null;
    if (problem === "skip") return;
    if (problem) {
      showToast({ title: SETTINGS_TEXT.validationError, description: problem, variant: "destructive" });
      return;
    }
    const encType = element.enctype === "multipart/form-data" ? "multipart/form-data" : "application/x-www-form-urlencoded";
    void fetcher.submit(form, { method: "post", action: "/settings?js=1", encType });
  }

  /** Posts values without a form element (the notifications switch). */
  function send(values: Record<string, string>) {
    if (fetcher.state !== "idle") return;
    void fetcher.submit(values, { method: "post", action: "/settings?js=1" });
  }

  return { fetcher, submit, send, busy: fetcher.state !== "idle" };
}
