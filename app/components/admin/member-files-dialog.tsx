import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import type { MemberFilesActionFailure, MemberFilesData } from "~/server/admin/member-files.server";
import type { MemberRow } from "~/server/admin/users.server";
import type { MemberFileView } from "~/server/courses/member-files.server";
import type { FlashToastInput } from "~/server/core/toast.server";
import { AdminSubPage } from "./admin-sub-page";
import { useHydrated } from "~/components/settings/settings-form";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "~/components/ui/dialog";
import { showToast } from "~/components/ui/toaster";
import { FileInput } from "~/components/ui/form-field";
import { formatFileSize, formatLongDate } from "~/utils/format";
import { checkMemberFile, MEMBER_FILE_ACCEPT, MEMBER_FILES_INTENTS } from "~/validation/member-files";
import { PaperclipIcon } from "./admin-icons";
import { EmailText } from "~/components/ui/email-text";
import { HiddenFields } from "./form-kit";

// docs/product.md §10.15: the files the coach shares with one member, from her row on the Users
// tab. 'Files' opens a dialog with the list (each file opens through the member's own guarded
// address, /learn/coaching/files/<id>, which lets an administrator in too), a 'Delete' for each
// that asks first, and 'File to share' with 'Share with …'. The dialog's forms post through
// fetchers (js=1): a success comes back as data, shown as a toast (and announced inside the
// dialog, which hides the rest of the page from screen readers) while the list reloads with the
// dialog still open. Before JavaScript has loaded, 'Files' is a link to the same list on a page of
// its own (/settings/admin/member-files?userId=…), whose forms work as plain forms. A refused
// form's message sits by its field.

export const MEMBER_FILES_ACTION = "/settings/admin/member-files";

/** What the route answers a fetcher: the toast of a success, or the refused form. */
type ActionAnswer = { ok: true; toast: FlashToastInput } | { result: MemberFilesActionFailure | null } | undefined;

const failureOf = (answer: ActionAnswer) => (answer && "result" in answer ? answer.result : null);

/**
 * Calls `onDone` once for each success of this fetcher's own submissions (not for an answer it
 * held before). Each answer is a new object, so a new `data` is a new answer. NOTE: it must not
 * wait to see the "submitting" state: React Router updates fetchers in transitions, and on a busy
 * machine React may go straight from "idle" to "loading" without ever rendering "submitting".
 */
function useAnswered(fetcher: { state: string; data: ActionAnswer }, onDone: (toast: FlashToastInput) => void) {
  const handled = useRef(fetcher.data);
  const latest = useRef(onDone);
  useEffect(() => {
    latest.current = onDone;
  });
  useEffect(() => {
    if (fetcher.state === "submitting" || !fetcher.data || fetcher.data === handled.current) return;
    handled.current = fetcher.data;
    if ("ok" in fetcher.data) latest.current(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);
}

/** The hidden fields every form sends: js=1 from the dialog, whose fetcher reads the answer itself. */
function Hidden({ fields, viaFetcher }: { fields: Record<string, string>; viaFetcher: boolean }) {
  return <HiddenFields fields={{ js: viaFetcher ? "1" : undefined, ...fields }} />;
}

/** What she sees of these files and when: her 1-to-1 coaching decides (docs/product.md §19.1). */
export function coachingNote({ member, coaching }: Pick<MemberFilesData, "member" | "coaching">): string {
  const { firstName } = member;
  if (coaching.state === "open") {
    const ends = coaching.until ? ` Her coaching ends on ${formatLongDate(coaching.until)}.` : "";
    return `Only ${firstName} sees the files you share here, on her ‘Your coaching’ page.${ends}`;
  }
  if (coaching.state === "ended") {
    return `${firstName}'s 1-to-1 coaching ended on ${formatLongDate(coaching.endedAt)}, so she can't open these files just now. They'll be back on her ‘Your coaching’ page, for her alone, if she rejoins.`;
  }
  return `${firstName} doesn't have 1-to-1 coaching yet. You can share files with her now: she'll see them on her ‘Your coaching’ page, and only she will, once she has it.`;
}

function FailureMessage({ message, id }: { message: string | null; id?: string }) {
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-danger-700">
      {message}
    </p>
  );
}

interface FormProps {
  data: MemberFilesData;
  action: string;
  viaFetcher: boolean;
  /** The refused form's answer, when the route's page shows it (no JavaScript). */
  initial: MemberFilesActionFailure | null;
  onDone: (toast: FlashToastInput) => void;
}

type AnswerFetcher = ReturnType<typeof useFetcher<ActionAnswer>>;

/**
 * A file's 'Delete', asked first. It posts through the panel's one fetcher for deletes: the answer
 * and the reloaded list may arrive together, when this row has already gone to read it.
 */
function DeleteFile({ file, data, action, viaFetcher, initial, fetcher }: Omit<FormProps, "onDone"> & { file: MemberFileView; fetcher: AnswerFetcher }) {
  const busy = fetcher.state !== "idle" && fetcher.formData?.get("fileId") === file.id;
  const answered = fetcher.state === "idle" ? failureOf(fetcher.data) : null;
  const failure = busy ? null : answered?.fileId === file.id ? answered : initial;
  return (
    <details className="shrink-0" open={failure ? true : undefined}>
      <summary aria-label={`Delete ${file.fileName}`} className="btn btn-ghost btn-sm w-fit cursor-pointer text-danger-700 hover:bg-danger-50 hover:text-danger-800">
        Delete
      </summary>
      <fetcher.Form method="post" action={action} className="mt-2 flex max-w-sm flex-col gap-3 rounded-2xl border border-danger-200 bg-danger-50 p-4">
        <Hidden viaFetcher={viaFetcher} fields={{ intent: MEMBER_FILES_INTENTS.delete, userId: data.member.userId, fileId: file.id }} />
        <p className="text-base wrap-anywhere">
          Stop sharing “{file.fileName}” with {data.member.firstName}? It goes from her page and from the site's storage.
        </p>
        <FailureMessage message={failure?.message ?? null} />
        <div>
          <Button type="submit" variant="destructive" size="sm" loading={busy}>
            {busy ? "Deleting..." : "Yes, delete it"}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}

function ShareForm({ data, action, viaFetcher, initial, onDone }: FormProps) {
  const { userId, firstName } = data.member;
  const fetcher = useFetcher<ActionAnswer>();
  const form = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<string | null>(null);
  const busy = fetcher.state !== "idle";
  // A success: the toast, the list reloads with her new file, and the form is emptied for the next.
  useAnswered(fetcher, (toast) => {
    form.current?.reset();
    setChecked(null);
    onDone(toast);
  });

  const failure = busy ? null : (failureOf(fetcher.data) ?? initial);
  const fileError = checked ?? (failure?.field === "file" ? failure.message : null);
  const formError = !checked && failure && failure.field !== "file" ? failure.message : null;
  const inputId = `member-files-${userId}-file`;
  const check = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = file && file.size > 0 ? checkMemberFile(file) : null;
    setChecked(problem);
    if (problem && input instanceof HTMLInputElement) {
      event.preventDefault();
      input.focus();
    }
  };
  return (
    <fetcher.Form ref={form} method="post" action={action} encType="multipart/form-data" noValidate onSubmit={check} className="flex flex-col gap-2">
      <Hidden viaFetcher={viaFetcher} fields={{ intent: MEMBER_FILES_INTENTS.share, userId }} />
      <FailureMessage message={formError} />
      <label htmlFor={inputId} className="text-base font-semibold text-ink">
        File to share
      </label>
      <p id={`${inputId}-hint`} className="-mt-1 text-sm text-ink-muted">
        A PDF, JPEG or PNG of up to 20 MB: her programme, a plan, a photo.
      </p>
      <FileInput id={inputId} name="file" accept={MEMBER_FILE_ACCEPT} error={fileError} onChange={() => setChecked(null)} className="max-w-full min-w-0" />
      <div className="mt-2">
        <Button type="submit" loading={busy}>
          {busy ? "Sharing..." : `Share with ${firstName}`}
        </Button>
      </div>
    </fetcher.Form>
  );
}

interface PanelProps {
  data: MemberFilesData;
  /** Where the forms post: the route, with the address a plain form's success comes back to. */
  action: string;
  /** The dialog's forms: fetchers that read the answer themselves. */
  viaFetcher: boolean;
  /** A refused form's answer, when the route's page shows it (no JavaScript). */
  result: MemberFilesActionFailure | null;
  headingLevel: "h2" | "h3";
}

/** The list of her files and the form to share another: the dialog's body, and the page's. */
export function MemberFilesPanel({ data, action, viaFetcher, result, headingLevel }: PanelProps) {
  const Heading = headingLevel;
  const headingId = useId();
  const { firstName } = data.member;
  const shareFailure = result && result.intent !== MEMBER_FILES_INTENTS.delete ? result : null;
  // Read out inside the dialog too: a modal dialog hides the page's toasts from screen readers.
  const [announcement, setAnnouncement] = useState("");
  const onDone = (toast: FlashToastInput) => {
    showToast(toast);
    setAnnouncement(toast.description ?? toast.title);
  };
  const forms = { data, action, viaFetcher, onDone };
  const deleter = useFetcher<ActionAnswer>();
  useAnswered(deleter, onDone);
  const deleteFailure = (deleter.state === "idle" ? failureOf(deleter.data) : null) ?? (result?.intent === MEMBER_FILES_INTENTS.delete ? result : null);
  return (
    <div className="flex flex-col gap-6">
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <section aria-labelledby={`${headingId}-list`} className="flex flex-col gap-2">
        <Heading id={`${headingId}-list`} className="text-lg font-semibold text-ink">
          Shared with {firstName}
        </Heading>
        {data.files.length === 0 ? (
          <p className="text-base text-ink-muted">Nothing shared with {firstName} yet.</p>
        ) : (
          <ul className="flex flex-col divide-y divide-sand-200">
            {data.files.map((file) => (
              <li key={file.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <a href={file.href} className="link font-semibold wrap-anywhere">
                    {file.fileName}
                  </a>
                  <p className="text-sm text-ink-muted">
                    {formatFileSize(file.sizeBytes)} · Shared on <time dateTime={file.sharedAt}>{formatLongDate(file.sharedAt)}</time>
                  </p>
                </div>
                <DeleteFile {...forms} fetcher={deleter} file={file} initial={result?.intent === MEMBER_FILES_INTENTS.delete && result.fileId === file.id ? result : null} />
              </li>
            ))}
          </ul>
        )}
        {/* A file already removed (by another administrator, say) has no row left to show its message. */}
        {deleteFailure && !data.files.some((f) => f.id === deleteFailure.fileId) ? <FailureMessage message={deleteFailure.message} /> : null}
      </section>
      <section aria-labelledby={`${headingId}-share`} className="flex flex-col gap-3 rounded-2xl bg-sand-50 p-4 sm:p-5">
        <Heading id={`${headingId}-share`} className="text-lg font-semibold text-ink">
          Share a file
        </Heading>
        <ShareForm {...forms} initial={shareFailure} />
      </section>
    </div>
  );
}

/** 'Files' on a member's row (docs/product.md §10.15). */
export function MemberFilesDialog({ member, name }: { member: MemberRow; name: string }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
  const location = useLocation();
  const data: MemberFilesData = {
    member: { userId: member.userId, firstName: member.firstName || member.email, name, email: member.email },
    coaching: member.coaching,
    files: member.files,
  };
  const label = `Files for ${name}`;
  const trigger = (
    <>
      <PaperclipIcon className="size-4.5" />
      <span className="hidden lg:inline">Files</span>
    </>
  );
  if (!hydrated) {
    // Before JavaScript: the same list on a page of its own.
    return (
      <a href={`${MEMBER_FILES_ACTION}?userId=${encodeURIComponent(member.userId)}`} aria-label={label} title="Shared files" className="btn btn-ghost btn-sm">
        {trigger}
      </a>
    );
  }
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={label} title="Shared files">
          {trigger}
        </Button>
      </DialogTrigger>
      <DialogContent size="lg">
        <DialogHeader>
          <DialogTitle>Files for {data.member.firstName}</DialogTitle>
          <DialogDescription>{coachingNote(data)}</DialogDescription>
        </DialogHeader>
        {/* The page's own search and page ride along, should a form ever be answered as a plain one. */}
        <MemberFilesPanel data={data} action={`${MEMBER_FILES_ACTION}${location.search}`} viaFetcher result={null} headingLevel="h3" />
      </DialogContent>
    </Dialog>
  );
}

/** The route's own page: without JavaScript, and where a refused form is shown. */
export function MemberFilesPage({ data, result }: { data: MemberFilesData | null; result: MemberFilesActionFailure | null }) {
  return (
    <AdminSubPage
      title={data ? `Files for ${data.member.firstName}` : "Shared files"}
      intro={data ? <>{data.member.name} · <EmailText email={data.member.email} /></> : undefined}
      backTo="/settings/admin"
    >
      {data ? (
        <Card>
          <CardContent className="flex flex-col gap-6 p-6 sm:p-8">
            <p className="text-base text-ink-muted">{coachingNote(data)}</p>
            <MemberFilesPanel
              data={data}
              action={`${MEMBER_FILES_ACTION}?userId=${encodeURIComponent(data.member.userId)}`}
              viaFetcher={false}
              result={result}
              headingLevel="h2"
            />
          </CardContent>
        </Card>
      ) : (
        <Alert variant="destructive" title={result ? "Nothing was changed" : "No such member"}>
          {result?.message ?? "That member no longer has an account. Her row on the Users tab has gone too."}
        </Alert>
      )}
    </AdminSubPage>
  );
}
