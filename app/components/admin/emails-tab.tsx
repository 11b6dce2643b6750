import { Form, useFetcher, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input, Textarea } from "~/components/ui/input";
import type { EmailPreview } from "~/server/admin/email-previews.server";
import { WELCOME_MESSAGE_MAX, WEEKDAYS, type WelcomeEmailSettings } from "~/validation/welcome-email";

// docs/product.md §18.5, the Emails tab: every email the site sends, each with its subject, who
// receives it and when, a preview of the HTML as a mail client shows it (rendered with sample
// data, in a sandboxed frame that runs nothing) and its plain-text part, and 'Send me a test',
// a plain form that queues the sample to the administrator's own address. Learn to Lift's welcome
// email (§18.6) has a form of its own for the coach's words and the weekly group call.

export const SEND_TEST_ACTION = "/settings/admin/emails";

export function EmailsTab({ previews, adminEmail, welcome }: { previews: EmailPreview[]; adminEmail: string; welcome?: WelcomeEmailSettings | null }) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formAction === SEND_TEST_ACTION ? navigation.formData?.get("key") : null;
  return (
    <div className="flex flex-col gap-4 pt-4">
      <p className="text-base text-ink-muted">
        Every email the site sends, shown with sample details. &lsquo;Send me a test&rsquo; sends the sample to{" "}
        <span className="font-semibold text-ink">{adminEmail}</span>.
      </p>
      <ul className="flex flex-col gap-3">
        {previews.map((preview) => (
          <li key={preview.key} className="rounded-2xl border border-sand-200 bg-white p-4">
            <details>
              <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-semibold text-ink">{preview.name}</span>
                <Badge variant={preview.audience === "Coach" ? "success" : "neutral"}>{preview.audience === "Coach" ? "To you" : `To the ${preview.audience.toLowerCase()}`}</Badge>
                <span className="w-full text-sm text-ink-muted">{preview.when}</span>
              </summary>
              <div className="mt-4 flex flex-col gap-3">
                <p className="text-sm">
                  <span className="font-semibold">Subject:</span> {preview.email.subject}
                </p>
                <iframe
                  title={`Preview of ${preview.name}`}
                  srcDoc={preview.email.html}
                  sandbox=""
                  loading="lazy"
                  className="h-[560px] w-full max-w-[640px] rounded-xl border border-sand-200"
                />
                {preview.email.attachments?.length ? (
                  <p className="text-sm text-ink-muted">Attached: {preview.email.attachments.map((a) => a.filename).join(", ")}</p>
                ) : null}
                <details>
                  <summary className="cursor-pointer text-sm font-semibold">Plain-text version</summary>
                  <pre className="mt-2 overflow-x-auto rounded-xl bg-sand-100 p-3 text-xs whitespace-pre-wrap">{preview.email.text}</pre>
                </details>
                {preview.key === "cohort-welcome" && welcome ? <WelcomeEmailForm settings={welcome} /> : null}
                <Form method="post" action={SEND_TEST_ACTION}>
                  <input type="hidden" name="intent" value="send-test" />
                  <input type="hidden" name="key" value={preview.key} />
                  <Button type="submit" variant="outline" loading={sending === preview.key}>
                    Send me a test
                  </Button>
                </Form>
              </div>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

const SELECT_CLASS =
  "min-h-12 rounded-xl border border-line-strong bg-white px-3 text-base font-normal text-ink shadow-xs focus-visible:border-brand-700 focus-visible:ring-4 focus-visible:ring-brand-200 focus-visible:outline-none";

/** The welcome email's words and group call (docs/product.md §18.6); the server checks them again. */
function WelcomeEmailForm({ settings }: { settings: WelcomeEmailSettings }) {
  const fetcher = useFetcher<{ error?: string }>();
  const error = fetcher.state === "idle" ? fetcher.data?.error : undefined;
  return (
    <fetcher.Form method="post" action={SEND_TEST_ACTION} className="flex max-w-[640px] flex-col gap-3 rounded-xl border border-sand-200 bg-sand-50 p-4" aria-labelledby="welcome-form-title">
      <h3 id="welcome-form-title" className="font-semibold text-ink">
        Your words and the weekly group call
      </h3>
      <input type="hidden" name="intent" value="save-welcome" />
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Your message (a blank line starts a new paragraph)
        <Textarea name="message" defaultValue={settings.message} rows={6} required maxLength={WELCOME_MESSAGE_MAX} />
      </label>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Call day
          <select name="callDay" defaultValue={settings.callDay} className={SELECT_CLASS}>
            {WEEKDAYS.map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-semibold">
          Time (UK)
          <Input type="time" name="callTime" defaultValue={settings.callTime} required />
        </label>
      </div>
      <label className="flex flex-col gap-1 text-sm font-semibold">
        Joining link (optional)
        <Input type="url" name="callUrl" defaultValue={settings.callUrl} pattern="https://.*" maxLength={500} />
      </label>
      {error ? (
        <p role="alert" className="text-sm font-semibold text-danger-800">
          {error}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={fetcher.state !== "idle"}>
          Save welcome email
        </Button>
      </div>
    </fetcher.Form>
  );
}
