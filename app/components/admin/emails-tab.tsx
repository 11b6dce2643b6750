import { Form, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import type { EmailPreview } from "~/server/admin/email-previews.server";

// docs/product.md §18.5, the Emails tab: every email the site sends, each with its subject, who
// receives it and when, a preview of the HTML as a mail client shows it (rendered with sample
// data, in a sandboxed frame that runs nothing) and its plain-text part, and 'Send me a test',
// a plain form that queues the sample to the administrator's own address.

export const SEND_TEST_ACTION = "/settings/admin/emails";

export function EmailsTab({ previews, adminEmail }: { previews: EmailPreview[]; adminEmail: string }) {
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
