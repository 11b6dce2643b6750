import { useEffect, useId, useRef, useState, type ChangeEvent } from "react";
import type { SettingsProfile } from "~/server/account/settings.server";
import { Avatar } from "~/components/ui/avatar";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { FileInput, FormField, InputField } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toaster";
import { AVATAR_TYPES, checkAvatarFile, currentSecretSchema, EmailChangeSchema, NameSchema } from "~/validation/settings";
import { parseFirst } from "~/validation/first-error";
import { clearCurrentPassword, CurrentPasswordField } from "./current-password-field";
import { SETTINGS_TEXT, useHydrated, useSettingsBusy, useSettingsForm } from "./settings-form";
import { fullName } from "~/utils/names";

/**
 * docs/product.md §9.2 Profile Information: the avatar with its upload, Full Name and Email Address (which
 * also asks for her current password, docs/product.md §9.2).
 */
export function ProfileCard({ profile, twoFactorEnabled = false }: { profile: SettingsProfile; twoFactorEnabled?: boolean }) {
  const busy = useSettingsBusy();
  const hydrated = useHydrated();
  const currentName = fullName(profile);
  const ids = useId();

  // ─── Avatar ───
  const fileInput = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const clearFile = () => {
    setFile(null);
    setPreview(null);
    if (fileInput.current) fileInput.current.value = "";
  };
  const avatarForm = useSettingsForm("settings-avatar", { onDone: (result) => result.ok && clearFile() });

  function onFileChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    if (!chosen) return clearFile();
    const problem = checkAvatarFile(chosen);
    if (problem) {
      showToast({ title: SETTINGS_TEXT.validationError, description: problem, variant: "destructive" });
      return clearFile();
    }
    setFile(chosen);
    setPreview(URL.createObjectURL(chosen));
  }

  // ─── Name ───
  const [name, setName] = useState(currentName);
  useEffect(() => setName(currentName), [currentName]);
  const nameForm = useSettingsForm("settings-name");
  const nameUnchanged = name.trim() === currentName;

  // ─── Email ───
  const [email, setEmail] = useState(profile.email);
  useEffect(() => setEmail(profile.email), [profile.email]);
  const emailPassword = useRef<HTMLInputElement>(null);
  const emailForm = useSettingsForm("settings-email", {
    onDone: (result) => clearCurrentPassword(emailPassword.current, !result.ok && result.field === "currentPassword"),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile Information</CardTitle>
        <CardDescription>Your picture, name and email address.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <form
          method="post"
          action="/settings"
          encType="multipart/form-data"
          onSubmit={(event) =>
            avatarForm.submit(event, (form) => {
              const chosen = form.get("avatar");
              return chosen instanceof File && chosen.size > 0 ? checkAvatarFile(chosen) : "skip";
            })
          }
          className="flex flex-col gap-4 sm:flex-row sm:items-center"
        >
          <input type="hidden" name="intent" value="avatar" />
          <Avatar src={preview ?? profile.avatarUrl} name={preview ? `${currentName} (new picture preview)` : currentName} size="xl" />
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${ids}-avatar`}>Profile picture</Label>
            <p id={`${ids}-avatar-hint`} className="-mt-1 text-sm text-ink-muted">
              JPEG, PNG, GIF or WebP, up to 5MB.
            </p>
            <FileInput
              ref={fileInput}
              id={`${ids}-avatar`}
              name="avatar"
              accept={AVATAR_TYPES.join(",")}
              onChange={onFileChange}
              disabled={busy}
              className="max-w-xs text-sm"
            />
            {/* With JavaScript the picture is sent as soon as she chooses it, so its button shows only
                then; without JavaScript it is always there. It sits in <noscript>, not behind a hydration
                flag, so nothing moves when the page's script starts (a click aimed below it would land
                on whatever moved into its place). */}
            {file ? (
              <div>
                <Button type="submit" size="sm" loading={avatarForm.busy} disabled={busy}>
                  Upload
                </Button>
              </div>
            ) : (
              <noscript>
                <div>
                  <Button type="submit" size="sm">
                    Upload
                  </Button>
                </div>
              </noscript>
            )}
          </div>
        </form>

        <form
          method="post"
          action="/settings"
          onSubmit={(event) => nameForm.submit(event, (form) => {
            const parsed = parseFirst(NameSchema, { name: form.get("name") });
            return parsed.ok ? null : parsed.error;
          })}
          className="flex flex-col gap-2"
        >
          <input type="hidden" name="intent" value="name" />
          <FormField label="Full Name" name="name" id={`${ids}-name`}>
            {(control) => (
              <div className="flex flex-col gap-3 sm:flex-row">
                <Input {...control} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} maxLength={200} />
                <Button type="submit" variant="secondary" aria-label="Update Full Name" loading={nameForm.busy} disabled={busy || (hydrated && nameUnchanged)}>
                  Update
                </Button>
              </div>
            )}
          </FormField>
        </form>

        <form
          method="post"
          action="/settings"
          onSubmit={(event) =>
            emailForm.submit(event, (form) => {
              const value = String(form.get("email") ?? "").trim();
              // docs/product.md §11.6: nothing happens when it is empty or the current address.
              if (!value || value.toLowerCase() === profile.email.toLowerCase()) return "skip";
              const parsed = parseFirst(EmailChangeSchema, { email: value });
              if (!parsed.ok) return parsed.error;
              const secret = parseFirst(currentSecretSchema(twoFactorEnabled), { currentPassword: form.get("currentPassword") ?? "" });
              return secret.ok ? null : secret.error;
            })
          }
          className="flex flex-col gap-4"
        >
          <input type="hidden" name="intent" value="email" />
          <InputField
            label="Email Address"
            name="email"
            id={`${ids}-email`}
            hint={SETTINGS_TEXT.emailNote}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <CurrentPasswordField
            twoFactorEnabled={twoFactorEnabled}
            hint={SETTINGS_TEXT.emailPasswordHint}
            inputRef={emailPassword}
            action={
              <Button type="submit" variant="secondary" aria-label="Update Email Address" loading={emailForm.busy} disabled={busy}>
                Update
              </Button>
            }
          />
        </form>
      </CardContent>
    </Card>
  );
}
