import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher } from "react-router";
import { ShieldIcon } from "~/components/icons";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toaster";
import { PASSWORD_HELPER_TEXT } from "~/validation/auth";
import { formToObject, parseFirst } from "~/validation/first-error";
import {
  SECURITY_ACTION,
  SECURITY_SCHEMAS,
  securityFailureTitle,
  type SecurityActionResult,
  type SecurityIntent,
  type TwoFactorSetup,
} from "~/validation/security";

// The Security card of /settings (docs/product.md §9.3, §11.6 and §7.7): the password change and
// TOTP two-factor authentication. Every form is a real <form> posting to /settings/security with an `intent`; with JavaScript it goes through a fetcher after the same
// Zod schema as the server has passed (validation/security.ts), and the answer is shown in a toast.

// ─── Sending a form ─────────────────────────────────────────────────────────────────────────────

type SecurityFetcher = ReturnType<typeof useFetcher<SecurityActionResult>>;

/** Checks the form with its schema (first message in a 'Validation Error' toast), then sends it. */
function submitChecked(event: FormEvent<HTMLFormElement>, fetcher: SecurityFetcher, intent: SecurityIntent) {
  event.preventDefault();
  if (fetcher.state !== "idle") return;
  const formData = new FormData(event.currentTarget);
  const parsed = parseFirst(SECURITY_SCHEMAS[intent], formToObject(formData));
  if (!parsed.ok) {
    showToast({ title: securityFailureTitle(intent, "validation"), description: parsed.error, variant: "destructive" });
    return;
  }
  formData.set("intent", intent);
  formData.set("js", "1");
  void fetcher.submit(formData, { method: "post", action: SECURITY_ACTION });
}

function failureToast(result: Extract<SecurityActionResult, { ok: false }>) {
  showToast({ title: result.title, description: result.message, variant: "destructive" });
}

/** Calls `onResult` once for each new answer of the fetcher. */
function useResult(fetcher: SecurityFetcher, onResult: (result: SecurityActionResult) => void) {
  const handled = useRef<SecurityActionResult | null>(null);
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  useEffect(() => {
    const result = fetcher.data;
    if (!result || handled.current === result || fetcher.state !== "idle") return;
    handled.current = result;
    callback.current(result);
  }, [fetcher.data, fetcher.state]);
}

/** Lets password managers know whose password is being typed. */
function UsernameField({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}

// ─── The card ───────────────────────────────────────────────────────────────────────────────────

export function SecurityCard({ user }: { user: { twoFactorEnabled: boolean; email: string } }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle as="h2" id={titleId} className="flex items-center gap-2">
          <ShieldIcon className="size-6 text-brand-700" aria-hidden="true" />
          Security
        </CardTitle>
        <CardDescription>Change your password and protect your account with a second step at log-in.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <PasswordForm email={user.email} />
        <hr className="border-sand-200" />
        <TwoFactorSection email={user.email} enabled={user.twoFactorEnabled} />
      </CardContent>
    </Card>
  );
}

function PasswordForm({ email }: { email: string }) {
  const fetcher = useFetcher<SecurityActionResult>();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = fetcher.state !== "idle";
  const headingId = useId();

  useResult(fetcher, (result) => {
    if (!result.ok) return failureToast(result);
    showToast({ title: "Success", description: result.message, variant: "success" });
    formRef.current?.reset();
  });

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={SECURITY_ACTION}
      noValidate
      aria-labelledby={headingId}
      onSubmit={(event) => submitChecked(event, fetcher, "change-password")}
      className="flex flex-col gap-5"
    >
      <h3 id={headingId} className="text-lg font-semibold text-ink">
        Change password
      </h3>
      <input type="hidden" name="intent" value="change-password" />
      <UsernameField email={email} />
      <InputField label="Current Password" name="currentPassword" type="password" autoComplete="current-password" disabled={busy} />
      <InputField
        label="New Password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_HELPER_TEXT}
        disabled={busy}
      />
      <InputField label="Confirm New Password" name="confirmPassword" type="password" autoComplete="new-password" disabled={busy} />
      <div>
        <Button type="submit" loading={busy}>
          Update Password
        </Button>
      </div>
    </fetcher.Form>
  );
}

type Step = "idle" | "enable" | "disable" | "regenerate";

function TwoFactorSection({ email, enabled }: { email: string; enabled: boolean }) {
  const fetcher = useFetcher<SecurityActionResult>();
  const headingId = useId();
  const [step, setStep] = useState<Step>("idle");
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [newCodes, setNewCodes] = useState<string[] | null>(null);

  useResult(fetcher, (result) => {
    if (!result.ok) return failureToast(result);
    switch (result.intent) {
      case "enable-two-factor":
        setSetup(result.setup ?? null);
        setStep("idle");
        showToast({ title: "Set up your authenticator app", description: result.message, variant: "info" });
        return;
      case "verify-two-factor":
        setSetup(null);
        setNewCodes(null);
        showToast({ title: "Two-factor authentication on", description: result.message, variant: "success" });
        return;
      case "disable-two-factor":
        setStep("idle");
        setNewCodes(null);
        showToast({ title: "Two-factor authentication off", description: result.message, variant: "success" });
        return;
      case "regenerate-backup-codes":
        setStep("idle");
        setNewCodes(result.backupCodes ?? null);
        showToast({ title: "Backup codes", description: result.message, variant: "success" });
        return;
      default:
        return;
    }
  });

  const cancel = () => {
    setStep("idle");
    setSetup(null);
  };

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id={headingId} className="text-lg font-semibold text-ink">
          Two-factor authentication
        </h3>
        {enabled ? <Badge variant="success">On</Badge> : <Badge variant="neutral">Off</Badge>}
      </div>
      <p className="text-base text-ink-muted">
        {enabled
          ? "When you log in, we ask for a 6-digit code from your authenticator app after your password."
          : "Add a second step to logging in: a 6-digit code from an authenticator app on your phone, such as Google Authenticator, Microsoft Authenticator or 1Password."}
      </p>

      {!enabled && !setup && step === "idle" ? (
        <div>
          <Button variant="outline" onClick={() => setStep("enable")}>
            Turn on two-factor authentication
          </Button>
        </div>
      ) : null}

      {enabled && step === "idle" ? (
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" onClick={() => setStep("disable")}>
            Turn off
          </Button>
          <Button variant="outline" onClick={() => setStep("regenerate")}>
            Generate new backup codes
          </Button>
        </div>
      ) : null}

      {step !== "idle" ? (
        <PasswordConfirmForm
          key={step}
          fetcher={fetcher}
          email={email}
          intent={step === "enable" ? "enable-two-factor" : step === "disable" ? "disable-two-factor" : "regenerate-backup-codes"}
          submitText={step === "enable" ? "Continue" : step === "disable" ? "Turn off two-factor authentication" : "Generate codes"}
          intro={
            step === "enable"
              ? "Please confirm your password to start setting up two-factor authentication."
              : step === "disable"
                ? "Please confirm your password to turn off two-factor authentication."
                : "Please confirm your password. Your old backup codes will stop working."
          }
          onCancel={cancel}
        />
      ) : null}

      {setup && !enabled ? <SetupPanel setup={setup} fetcher={fetcher} onCancel={cancel} /> : null}

      {newCodes && enabled ? <BackupCodes codes={newCodes} title="Your new backup codes" /> : null}
    </section>
  );
}

function PasswordConfirmForm({
  fetcher,
  email,
  intent,
  submitText,
  intro,
  onCancel,
}: {
  fetcher: SecurityFetcher;
  email: string;
  intent: SecurityIntent;
  submitText: string;
  intro: string;
  onCancel: () => void;
}) {
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      method="post"
      action={SECURITY_ACTION}
      noValidate
      onSubmit={(event) => submitChecked(event, fetcher, intent)}
      className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-100 p-5"
    >
      <p className="text-base text-ink">{intro}</p>
      <input type="hidden" name="intent" value={intent} />
      <UsernameField email={email} />
      {/* Focus goes to the field the member has just asked for. */}
      <InputField label="Your password" name="password" type="password" autoComplete="current-password" autoFocus disabled={busy} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant={intent === "disable-two-factor" ? "destructive" : "primary"} loading={busy}>
          {submitText}
        </Button>
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

function SetupPanel({ setup, fetcher, onCancel }: { setup: TwoFactorSetup; fetcher: SecurityFetcher; onCancel: () => void }) {
  const busy = fetcher.state !== "idle";
  const headingRef = useRef<HTMLHeadingElement>(null);
  const secretId = useId();
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <div className="flex flex-col gap-5 rounded-2xl border border-brand-100 bg-brand-50 p-5">
      <h4 ref={headingRef} tabIndex={-1} className="text-base font-semibold text-ink outline-none">
        Step 1: scan this QR code with your authenticator app
      </h4>
      <img
        src={setup.qrCode}
        alt="QR code for setting up two-factor authentication in your authenticator app"
        width={200}
        height={200}
        className="size-50 rounded-lg border border-sand-200 bg-white"
      />
      <div className="flex flex-col gap-1">
        <p id={secretId} className="text-sm text-ink-muted">
          Can't scan it? Enter this key in your app instead:
        </p>
        <code aria-describedby={secretId} data-testid="totp-secret" className="w-fit rounded-md bg-white px-3 py-2 font-mono text-base break-all text-ink">
          {setup.secret}
        </code>
      </div>
      <BackupCodes codes={setup.backupCodes} title="Step 2: save your backup codes" />
      <fetcher.Form
        method="post"
        action={SECURITY_ACTION}
        noValidate
        onSubmit={(event) => submitChecked(event, fetcher, "verify-two-factor")}
        className="flex flex-col gap-4"
      >
        <h4 className="text-base font-semibold text-ink">Step 3: enter the code from your app</h4>
        <input type="hidden" name="intent" value="verify-two-factor" />
        <InputField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={7}
          hint="The code changes every 30 seconds."
          disabled={busy}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" loading={busy}>
            Verify and turn on
          </Button>
          <Button variant="ghost" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        </div>
      </fetcher.Form>
    </div>
  );
}

function BackupCodes({ codes, title }: { codes: string[]; title: string }) {
  const headingId = useId();
  return (
    <div className="flex flex-col gap-2" role="group" aria-labelledby={headingId}>
      <h4 id={headingId} className="text-base font-semibold text-ink">
        {title}
      </h4>
      <p className="text-sm text-ink-muted">
        Keep these backup codes somewhere safe, such as a password manager. If you lose your phone, each code lets you log in
        once. We won't show them again.
      </p>
      <ul aria-label="Backup codes" className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-md bg-white px-4 py-3 font-mono text-base text-ink">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
    </div>
  );
}
