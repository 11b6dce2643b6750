import { EmailListForm } from "./email-list-form";
import { NativeDialog } from "./ui/native-dialog";

// The exit-intent popup (docs/product.md §3.3): a native modal dialog written by the server into the public
// pages and opened by the islands script (app/islands/exit-popup.ts) when the rules in
// exit-popup-rules.ts allow.

export function ExitPopupDialog() {
  return (
    <NativeDialog
      id="exit-popup"
      marker="data-exit-popup"
      before={<p className="eyebrow">Free menopause fitness tips</p>}
      title="Wait! Don't Miss Out"
      description="Before you go, get my menopause fitness tips by email: short strength workouts, habits that give you your energy back, and honest advice for perimenopause and beyond."
    >
      {/* The form goes into the page when the popup opens (one sign-up form per label on the page). */}
      <div data-exit-popup-form="">
        <template>
          <EmailListForm variant="popup" heading={null} disclaimer={null} className="mt-2 max-w-none" />
        </template>
      </div>
      <p className="mt-4 text-sm text-ink-muted">We respect your privacy. Unsubscribe at any time.</p>
    </NativeDialog>
  );
}
