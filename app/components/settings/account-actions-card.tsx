import { useRef, useState } from "react";
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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { currentSecretSchema } from "~/validation/settings";
import { parseFirst } from "~/validation/first-error";
import { clearCurrentPassword, CurrentPasswordField } from "./current-password-field";
import { SETTINGS_TEXT, useHydrated, useSettingsBusy, useSettingsForm } from "./settings-form";

/**
 * docs/product.md §9.8 Account Actions: Sign Out, 'Download my data' and Delete Account behind its dialog,
 * which also asks for her current password (docs/product.md §9.2). Without JavaScript,
 * /settings?delete=confirm shows the same question as a plain form.
 */
export function AccountActionsCard({ confirmDelete = false, twoFactorEnabled = false }: { confirmDelete?: boolean; twoFactorEnabled?: boolean }) {
  const busy = useSettingsBusy();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const password = useRef<HTMLInputElement>(null);
  const form = useSettingsForm("settings-delete", {
    onDone: (result) => {
      if (result.ok) return;
      // A wrong or missing password: the question stays open for another try.
      if (result.field === "currentPassword") clearCurrentPassword(password.current, true);
      else setOpen(false);
    },
  });
  const checkPassword = (data: FormData) => {
    const parsed = parseFirst(currentSecretSchema(twoFactorEnabled), { currentPassword: data.get("currentPassword") ?? "" });
    if (!parsed.ok) password.current?.focus();
    return parsed.ok ? null : parsed.error;
  };

  const question = (
    <>
      <AlertDialogHeader>
        <AlertDialogTitle>{SETTINGS_TEXT.deleteDialogTitle}</AlertDialogTitle>
        <AlertDialogDescription>{SETTINGS_TEXT.deleteDialogText}</AlertDialogDescription>
      </AlertDialogHeader>
    </>
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Account Actions</CardTitle>
        <CardDescription>Sign out, take a copy of your data, or close your account.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-3">
          <form method="post" action="/sign-out">
            <Button type="submit" variant="outline" disabled={busy}>
              Sign Out
            </Button>
          </form>
          <a href="/settings/data" download className="btn btn-ghost">
            Download my data
          </a>
        </div>

        {confirmDelete && !hydrated ? (
          <form method="post" action="/settings" role="group" aria-labelledby="delete-fallback-title" className="flex flex-col gap-3 rounded-2xl border border-danger-200 bg-danger-50 p-4">
            <input type="hidden" name="intent" value="delete" />
            <p id="delete-fallback-title" className="font-display text-xl font-semibold">
              {SETTINGS_TEXT.deleteDialogTitle}
            </p>
            <p>{SETTINGS_TEXT.deleteDialogText}</p>
            <CurrentPasswordField twoFactorEnabled={twoFactorEnabled} hint={SETTINGS_TEXT.deletePasswordHint} />
            <div className="flex flex-wrap gap-3">
              <a href="/settings" className="btn btn-outline">
                Cancel
              </a>
              <Button type="submit" variant="destructive">
                Delete Account
              </Button>
            </div>
          </form>
        ) : null}

        <AlertDialog open={open} onOpenChange={(next) => !form.busy && setOpen(next)}>
          <div>
            {hydrated ? (
              <AlertDialogTrigger asChild>
                <Button variant="destructive" disabled={busy}>
                  Delete Account
                </Button>
              </AlertDialogTrigger>
            ) : (
              <a href="/settings?delete=confirm#account-actions" className="btn btn-destructive">
                Delete Account
              </a>
            )}
          </div>
          <AlertDialogContent
            onOpenAutoFocus={(event) => {
              // The password field first: the one thing she must do before Delete Account.
              event.preventDefault();
              password.current?.focus();
            }}
          >
            <form method="post" action="/settings" onSubmit={(event) => form.submit(event, checkPassword)} className="flex flex-col gap-5">
              <input type="hidden" name="intent" value="delete" />
              {question}
              <CurrentPasswordField
                twoFactorEnabled={twoFactorEnabled}
                hint={SETTINGS_TEXT.deletePasswordHint}
                inputRef={password}
                disabled={form.busy}
              />
              <AlertDialogFooter className="mt-3">
                <AlertDialogCancel type="button" disabled={form.busy}>
                  Cancel
                </AlertDialogCancel>
                <Button type="submit" variant="destructive" loading={form.busy}>
                  Delete Account
                </Button>
              </AlertDialogFooter>
            </form>
          </AlertDialogContent>
        </AlertDialog>
      </CardContent>
    </Card>
  );
}
