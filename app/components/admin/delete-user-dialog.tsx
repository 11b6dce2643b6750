import { useId, useState } from "react";
import type { MemberRow } from "~/server/admin/users.server";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "~/components/ui/alert-dialog";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { DELETE_CONFIRMATION_WORD } from "~/validation/admin";
import { TrashIcon } from "./admin-icons";
import { ADMIN_TEXT } from "~/validation/admin";
import { useAdminAction } from "./use-admin-action";
import { EmailText } from "~/components/ui/email-text";

/**
 * docs/product.md §10.6 Delete User Account: her name and email, type DELETE, and 'Delete Account' enabled
 * only for exactly DELETE (the server checks it again). docs/product.md §9.8 says what deletion does.
 * `blockedBy`: the id of the note saying why it cannot be done (the only administrator).
 */
export function DeleteUserDialog({ member, name, blockedBy }: { member: MemberRow; name: string; blockedBy?: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const inputId = useId();
  const { fetcher, action, busy } = useAdminAction(`delete-user-${member.userId}`, { onSuccess: () => setOpen(false) });
  const confirmed = typed === DELETE_CONFIRMATION_WORD;
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setTyped("");
      }}
    >
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Delete ${name}`}
          title="Delete account"
          className="text-danger-700 hover:bg-danger-50 hover:text-danger-800"
          disabled={blockedBy !== undefined}
          aria-describedby={blockedBy}
        >
          <TrashIcon className="size-4.5" />
          <span className="hidden lg:inline">
            Delete
          </span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <fetcher.Form method="post" action={action}>
          <input type="hidden" name="intent" value="delete-user" />
          <input type="hidden" name="userId" value={member.userId} />
          <AlertDialogHeader>
            <AlertDialogTitle>Delete User Account</AlertDialogTitle>
            <AlertDialogDescription>
              This permanently deletes the account of <strong className="font-semibold text-ink">{name}</strong> (
              <EmailText email={member.email} />): her profile, sign-ins and pictures. Any running
              subscription is cancelled first; her purchases stay in the accounts without her details. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <div className="mt-6 flex flex-col gap-2">
            <Label htmlFor={inputId}>Type DELETE to confirm</Label>
            <Input
              id={inputId}
              name="confirmation"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
            />
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel type="button" disabled={busy}>
              Cancel
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={!confirmed} loading={busy}>
              {busy ? ADMIN_TEXT.deleting : "Delete Account"}
            </Button>
          </AlertDialogFooter>
        </fetcher.Form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
