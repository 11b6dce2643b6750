import { useEffect, useRef } from "react";
import { showToast } from "~/components/ui/toaster";
import { SETTINGS_TEXT } from "./settings-form";

/** The outcome of an email-change confirmation link, which lands on /settings?event=email-changed. */
export function SettingsEvents({ event }: { event: "email-changed" | "email-change-failed" | null }) {
  const shown = useRef(false);
  useEffect(() => {
    if (!event || shown.current) return;
    shown.current = true;
    if (event === "email-changed") showToast({ title: SETTINGS_TEXT.success, description: SETTINGS_TEXT.emailChanged, variant: "success" });
    else showToast({ title: SETTINGS_TEXT.error, description: SETTINGS_TEXT.emailChangeFailed, variant: "destructive" });
    window.history.replaceState(window.history.state, "", "/settings");
  }, [event]);
  if (!event) return null;
  return (
    <noscript>
      <p className="container-page mt-4 rounded-2xl border border-sand-300 bg-white p-4">
        {event === "email-changed" ? SETTINGS_TEXT.emailChanged : SETTINGS_TEXT.emailChangeFailed}
      </p>
    </noscript>
  );
}
