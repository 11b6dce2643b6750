import { useState } from "react";
import type { MemberRow } from "~/server/admin/users.server";
import { Button } from "~/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { InputField } from "~/components/ui/form-field";
import { PencilIcon } from "./admin-icons";
import { ADMIN_TEXT } from "~/validation/admin";
import { useAdminAction } from "./use-admin-action";

/** docs/product.md §10.4 Edit User Details: email read-only, first and last name, Cancel and 'Save Changes'. */
export function EditUserDialog({ member, name }: { member: MemberRow; name: string }) {
  const [open, setOpen] = useState(false);
  const { fetcher, action, busy } = useAdminAction(`update-user-${member.userId}`, { onSuccess: () => setOpen(false) });
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && setOpen(next)}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`Edit ${name}`} title="Edit details">
          <PencilIcon className="size-4.5" />
          <span className="hidden lg:inline">
            Edit
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Edit User Details</DialogTitle>
          <DialogDescription>Change how {name}'s name appears. Her email address is hers to change, from her own settings.</DialogDescription>
        </DialogHeader>
        <fetcher.Form method="post" action={action} className="flex flex-col gap-5">
          <input type="hidden" name="intent" value="update-user" />
          <input type="hidden" name="userId" value={member.userId} />
          <InputField label="Email" name="email" type="email" value={member.email} readOnly aria-readonly="true" />
          <InputField label="First Name" name="firstName" defaultValue={member.firstName} required maxLength={50} autoComplete="off" />
          <InputField label="Last Name" name="lastName" defaultValue={member.lastName ?? ""} maxLength={50} autoComplete="off" />
          <DialogFooter className="mt-3">
            <DialogClose asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" loading={busy}>
              {busy ? ADMIN_TEXT.saving : "Save Changes"}
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}
