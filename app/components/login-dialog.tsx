import type { ReactNode, RefObject } from "react";
import { BrandMark } from "./brand-mark";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "./ui/dialog";

// The navigation's login dialog. NOTE: its own module, loaded on the first click on 'Login' (see
// site-nav.tsx): the dialog machinery (focus trap, scroll lock) and the auth form are not needed
// to show a page, so a first visit does not download them.

export interface LoginDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** The button focus returns to when the dialog closes (the navigation's 'Login'). */
  returnFocusTo: RefObject<HTMLElement | null>;
  children: ReactNode;
}

export function LoginDialog({ open, onOpenChange, title, description, returnFocusTo, children }: LoginDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        size="md"
        onCloseAutoFocus={(event) => {
          // Radix returns focus to a <DialogTrigger>; the navigation's button is a plain one.
          event.preventDefault();
          returnFocusTo.current?.focus();
        }}
      >
        <DialogHeader>
          <div className="mb-2">
            <BrandMark className="size-12" />
          </div>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}
