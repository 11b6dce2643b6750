import { useState } from "react";
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
import { SETTINGS_TEXT, useHydrated, useSettingsBusy, useSettingsForm } from "./settings-form";

/**
 * SPEC §2 Account Actions: Sign Out, 'Download my data' and Delete Account behind its dialog.
 * Without JavaScript, /settings?delete=confirm shows the same question as a plain form.
 */
export function AccountActionsCard({ confirmDelete = false }: { confirmDelete?: boolean }) {
  const busy = useSettingsBusy();
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const form = useSettingsForm("settings-delete", { onDone: (result) => !result.ok && setOpen(false) });

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
          <AlertDialogContent>
            <form method="post" action="/settings" onSubmit={(event) => form.submit(event)}>
              <input type="hidden" name="intent" value="delete" />
              {question}
              <AlertDialogFooter>
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
