import { EmailListForm } from "./email-list-form";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

// The exit-intent popup's dialog (SPEC §4). NOTE: its own module, loaded once the popup may show
// (after 60 s on the page; see exit-intent-popup.tsx), so a first view does not download the
// dialog machinery and the form for it.

export function ExitIntentDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent size="md">
        <DialogHeader>
          <p className="eyebrow">Free menopause fitness tips</p>
          <DialogTitle>Wait! Don't Miss Out</DialogTitle>
          <DialogDescription>
            Before you go, get my menopause fitness tips by email: short strength workouts, habits that give you
            your energy back, and honest advice for perimenopause and beyond.
          </DialogDescription>
        </DialogHeader>
        <EmailListForm variant="popup" heading={null} disclaimer={null} className="max-w-none" />
        <p className="mt-4 text-sm text-ink-muted">We respect your privacy. Unsubscribe at any time.</p>
      </DialogContent>
    </Dialog>
  );
}
