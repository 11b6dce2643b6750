import { useRef, useState, type FormEvent } from "react";
import { Form, Link, useRevalidator } from "react-router";
import type { AdminCourse, AdminLesson, AdminModule, CoursesActionFailure, CoursesTabData } from "~/server/admin/courses.server";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { FileInput, InputField, TextareaField } from "~/components/ui/form-field";
import { showToast } from "~/components/ui/toaster";
import { formatCount, formatFileSize } from "~/utils/format";
import { checkLessonFile, checkLessonVideo, COURSE_LIMITS, COURSES_INTENTS, COURSES_MESSAGES } from "~/validation/courses";
import { fieldError, FormMessage, HiddenFields } from "./form-kit";

// The Courses tab (docs/product.md §10.14): each course's modules and lessons as the members see
// them, each editable in place; 'Add module', 'Add lesson', files to upload, and 'Preview as a
// member'. Plain forms posting to /settings/admin/courses that work before JavaScript loads; a
// refused form's message sits next to its field.

export const COURSES_ACTION = "/settings/admin/courses";
/** A lesson's video goes to its own route, which reads it as it arrives (up to 2 GB)… */
export const COURSE_VIDEO_ACTION = "/settings/admin/courses/video";
/** …or, sent by the script to show its progress, to this one, which answers in JSON. */
const COURSE_VIDEO_UPLOAD = "/settings/admin/courses/video-upload";

const MARKDOWN_HINT =
  "Blank line: new paragraph. # Heading, **bold**, *italic*, [words](/page or https://…), lines starting “- ” for a list, ![description](/picture) for a picture.";

interface Props {
  data: CoursesTabData;
  result: CoursesActionFailure | null;
  headingLevel?: "h2" | "h3";
}

function Hidden({ intent, fields }: { intent: string; fields?: Record<string, string> }) {
  return <HiddenFields fields={{ intent, ...fields }} />;
}

function failureFor(result: CoursesActionFailure | null, intent: string, target: string | null) {
  return result && result.intent === intent && result.target === target ? result : null;
}


function MoveButtons({ intent, idName, id, label, first, last }: { intent: string; idName: string; id: string; label: string; first: boolean; last: boolean }) {
  return (
    <div className="flex flex-wrap gap-2">
      {(["up", "down"] as const).map((direction) => (
        <Form key={direction} method="post" action={COURSES_ACTION}>
          <Hidden intent={intent} fields={{ [idName]: id, direction }} />
          <Button type="submit" variant="outline" size="sm" disabled={direction === "up" ? first : last} aria-label={`Move ${label} ${direction}`}>
            {direction === "up" ? "Move up" : "Move down"}
          </Button>
        </Form>
      ))}
    </div>
  );
}

function DeleteConfirm({ intent, idName, id, question }: { intent: string; idName: string; id: string; question: string }) {
  return (
    <details>
      <summary className="btn btn-ghost btn-sm w-fit cursor-pointer text-danger-700">Delete</summary>
      <Form method="post" action={COURSES_ACTION} className="mt-3 flex flex-wrap items-center gap-3">
        <Hidden intent={intent} fields={{ [idName]: id }} />
        <p className="text-base">{question}</p>
        <Button type="submit" variant="destructive" size="sm">
          Yes, delete it
        </Button>
      </Form>
    </details>
  );
}

function ModuleFields({ prefix, values, failure, weekly }: { prefix: string; values: Record<string, string>; failure: CoursesActionFailure | null; weekly: boolean }) {
  return (
    <>
      <InputField label="Module title" name="title" id={`${prefix}-title`} defaultValue={values.title} error={fieldError(failure, "title")} maxLength={COURSE_LIMITS.moduleTitleMax} autoComplete="off" required />
      <InputField label="Summary" name="summary" id={`${prefix}-summary`} defaultValue={values.summary} error={fieldError(failure, "summary")} hint="Optional: one line under the title" maxLength={COURSE_LIMITS.summaryMax} autoComplete="off" />
      {weekly ? (
        <InputField
          label="Opens in week"
          name="opensWeek"
          id={`${prefix}-opensWeek`}
          defaultValue={values.opensWeek}
          error={fieldError(failure, "opensWeek")}
          hint="0: open before the course starts; 1: on the cohort's start date; 2: a week later… Empty: open from the start."
          inputMode="numeric"
          autoComplete="off"
          className="max-w-xs"
        />
      ) : null}
    </>
  );
}

/**
 * A lesson's own video: the one uploaded (with 'Remove video') and a form for a new one. With
 * JavaScript the browser checks the file, sends it with a progress bar and 'Cancel upload', and
 * reloads the tab's data; without, the form posts and the page answers (docs/product.md §10.14).
 */
function LessonVideo({ lesson, result }: { lesson: AdminLesson; result: CoursesActionFailure | null }) {
  const failure = failureFor(result, COURSES_INTENTS.uploadVideo, lesson.id);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<XMLHttpRequest | null>(null);
  const revalidator = useRevalidator();
  const inputId = `lesson-${lesson.id}-video`;
  const error = problem ?? failure?.message ?? null;

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input = form.elements.namedItem("video");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const check = file ? checkLessonVideo(file) : COURSES_MESSAGES.videoMissing;
    if (check) {
      setProblem(check);
      if (input instanceof HTMLInputElement) input.focus();
      return;
    }
    setProblem(null);
    setProgress(0);
    const request = new XMLHttpRequest();
    upload.current = request;
    request.open("POST", COURSE_VIDEO_UPLOAD);
    request.upload.onprogress = (progressEvent) => {
      if (progressEvent.lengthComputable) setProgress(Math.floor((progressEvent.loaded / progressEvent.total) * 100));
    };
    request.onload = () => {
      upload.current = null;
      setProgress(null);
      let answer: { ok?: boolean; message?: string } | null = null;
      try {
        answer = JSON.parse(request.responseText) as { ok?: boolean; message?: string };
      } catch {
        answer = null;
      }
      if (request.status < 300 && answer?.ok) {
        form.reset();
        showToast({ title: "Saved", description: answer.message, variant: "success" });
        void revalidator.revalidate();
      } else {
        setProblem(answer?.message ?? COURSES_MESSAGES.videoInterrupted);
      }
    };
    request.onerror = () => {
      upload.current = null;
      setProgress(null);
      setProblem(COURSES_MESSAGES.videoInterrupted);
    };
    request.onabort = () => {
      upload.current = null;
      setProgress(null);
    };
    request.send(new FormData(form));
  };

  return (
    <section aria-label={`Video of ${lesson.title}`} className="flex flex-col gap-3 rounded-2xl bg-sand-50 p-4">
      <p className="font-semibold text-ink">Your own video</p>
      {lesson.video ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-base">
            <a href={lesson.video.href} className="link">
              {lesson.video.fileName}
            </a>{" "}
            <span className="text-sm text-ink-muted">({formatFileSize(lesson.video.sizeBytes)})</span>
          </p>
          <Form method="post" action={COURSES_ACTION}>
            <Hidden intent={COURSES_INTENTS.removeVideo} fields={{ lessonId: lesson.id }} />
            <Button type="submit" variant="ghost" size="sm" aria-label={`Remove the video ${lesson.video.fileName}`}>
              Remove video
            </Button>
          </Form>
        </div>
      ) : (
        <p className="text-base text-ink-muted">No video uploaded.</p>
      )}
      <form method="post" action={COURSE_VIDEO_ACTION} encType="multipart/form-data" noValidate onSubmit={send} className="flex flex-col gap-2">
        <input type="hidden" name="lessonId" value={lesson.id} />
        <label htmlFor={inputId} className="text-base font-semibold text-ink">
          {lesson.video ? "Replace the video" : "Upload a video"}
        </label>
        <p id={`${inputId}-hint`} className="-mt-1 text-sm text-ink-muted">
          MP4 or WebM, up to 2 GB. Members watch it here on the site; it is shown instead of a video address.
        </p>
        <FileInput id={inputId} name="video" accept="video/mp4,video/webm,.mp4,.m4v,.webm" disabled={progress !== null} error={error} />
        {progress !== null ? (
          <div className="flex flex-wrap items-center gap-3">
            <progress value={progress} max={100} aria-label={`Uploading the video of ${lesson.title}`} className="h-2 w-full max-w-sm accent-brand-700" />
            <span role="status" className="text-sm text-ink-muted">
              Uploading… {progress}%
            </span>
            <Button type="button" variant="ghost" size="sm" onClick={() => upload.current?.abort()}>
              Cancel upload
            </Button>
          </div>
        ) : (
          <div>
            <Button type="submit" variant="outline" size="sm">
              Upload video
            </Button>
          </div>
        )}
      </form>
    </section>
  );
}

function LessonEditor({ lesson, moduleTitle, result, first, last }: { lesson: AdminLesson; moduleTitle: string; result: CoursesActionFailure | null; first: boolean; last: boolean }) {
  const failure = failureFor(result, COURSES_INTENTS.updateLesson, lesson.id);
  const uploadFailure = failureFor(result, COURSES_INTENTS.uploadFile, lesson.id);
  const values = failure?.values ?? { title: lesson.title, minutes: String(lesson.minutes), videoUrl: lesson.videoUrl ?? "", body: lesson.body };
  const [checked, setChecked] = useState<string | null>(null);
  const fileError = checked ?? fieldError(uploadFailure, "file");
  const fileId = `lesson-${lesson.id}-file`;
  const checkFile = (event: FormEvent<HTMLFormElement>) => {
    const input = event.currentTarget.elements.namedItem("file");
    const file = input instanceof HTMLInputElement ? input.files?.[0] : undefined;
    const problem = file && file.size > 0 ? checkLessonFile(file) : null;
    setChecked(problem);
    if (problem && input instanceof HTMLInputElement) {
      event.preventDefault();
      input.focus();
    }
  };
  return (
    <li data-lesson={lesson.id} className="rounded-2xl border border-sand-200 bg-white p-4 sm:p-5">
      <details open={failure !== null || uploadFailure !== null || failureFor(result, COURSES_INTENTS.uploadVideo, lesson.id) !== null}>
        <summary className="flex cursor-pointer flex-wrap items-center gap-2 font-semibold text-ink">
          {lesson.title}
          <span className="text-sm font-normal text-ink-muted">· {lesson.minutes} min</span>
          {lesson.files.length > 0 ? <span className="text-sm font-normal text-ink-muted">· {formatCount(lesson.files.length, "file")}</span> : null}
          {lesson.isDemo ? <Badge variant="neutral">Demo</Badge> : null}
        </summary>
        <div className="mt-4 flex flex-col gap-5">
          <MoveButtons intent={COURSES_INTENTS.moveLesson} idName="lessonId" id={lesson.id} label={lesson.title} first={first} last={last} />
          <Form method="post" action={COURSES_ACTION} noValidate className="flex flex-col gap-4">
            <Hidden intent={COURSES_INTENTS.updateLesson} fields={{ lessonId: lesson.id }} />
            <FormMessage failure={failure} />
            <InputField label="Lesson title" name="title" id={`lesson-${lesson.id}-title`} defaultValue={values.title} error={fieldError(failure, "title")} maxLength={COURSE_LIMITS.lessonTitleMax} autoComplete="off" required />
            <div className="grid gap-4 sm:grid-cols-[10rem_1fr] sm:items-start">
              <InputField label="Minutes" name="minutes" id={`lesson-${lesson.id}-minutes`} defaultValue={values.minutes} error={fieldError(failure, "minutes")} inputMode="numeric" autoComplete="off" />
              <InputField
                label="Video address"
                name="videoUrl"
                id={`lesson-${lesson.id}-videoUrl`}
                defaultValue={values.videoUrl}
                error={fieldError(failure, "videoUrl")}
                hint="Optional: a YouTube or Vimeo link, https://…"
                inputMode="url"
                autoComplete="off"
              />
            </div>
            <TextareaField label="Lesson" name="body" id={`lesson-${lesson.id}-body`} defaultValue={values.body} error={fieldError(failure, "body")} hint={MARKDOWN_HINT} rows={10} maxLength={COURSE_LIMITS.bodyMax} />
            <div>
              <Button type="submit">Save</Button>
            </div>
          </Form>
          <section aria-label={`Files of ${lesson.title}`} className="flex flex-col gap-3 rounded-2xl bg-sand-50 p-4">
            <p className="font-semibold text-ink">Files</p>
            {lesson.files.length === 0 ? <p className="text-base text-ink-muted">No files yet.</p> : null}
            <ul className="flex flex-col gap-2">
              {lesson.files.map((file) => (
                <li key={file.id} className="flex flex-wrap items-center justify-between gap-3">
                  <a href={file.href} className="link">
                    {file.fileName}
                  </a>
                  <Form method="post" action={COURSES_ACTION}>
                    <Hidden intent={COURSES_INTENTS.deleteFile} fields={{ fileId: file.id }} />
                    <Button type="submit" variant="ghost" size="sm" aria-label={`Delete ${file.fileName}`}>
                      Delete
                    </Button>
                  </Form>
                </li>
              ))}
            </ul>
            <Form method="post" action={COURSES_ACTION} encType="multipart/form-data" noValidate onSubmit={checkFile} className="flex flex-col gap-2">
              <Hidden intent={COURSES_INTENTS.uploadFile} fields={{ lessonId: lesson.id }} />
              <FormMessage failure={uploadFailure} />
              <label htmlFor={fileId} className="text-base font-semibold text-ink">
                Add a file
              </label>
              <p id={`${fileId}-hint`} className="-mt-1 text-sm text-ink-muted">
                A PDF of up to 20 MB: a worksheet, a plan, a handout.
              </p>
              <FileInput id={fileId} name="file" accept="application/pdf,.pdf" error={fileError} />
              <div>
                <Button type="submit" variant="outline" size="sm">
                  Upload
                </Button>
              </div>
            </Form>
          </section>
          <LessonVideo lesson={lesson} result={result} />
          <DeleteConfirm intent={COURSES_INTENTS.deleteLesson} idName="lessonId" id={lesson.id} question={`Remove the lesson “${lesson.title}” from ${moduleTitle}, with its files and the members' marks?`} />
        </div>
      </details>
    </li>
  );
}

function ModuleEditor({ course, module, result, first, last, headingLevel }: { course: AdminCourse; module: AdminModule; result: CoursesActionFailure | null; first: boolean; last: boolean; headingLevel: "h2" | "h3" }) {
  const Heading = headingLevel === "h2" ? "h3" : "h4";
  const weekly = course.course === "learn-to-lift";
  const failure = failureFor(result, COURSES_INTENTS.updateModule, module.id);
  const addFailure = failureFor(result, COURSES_INTENTS.addLesson, module.id);
  const values = failure?.values ?? { title: module.title, summary: module.summary, opensWeek: module.opensWeek === null ? "" : String(module.opensWeek) };
  const when = !weekly || module.opensWeek === null ? "Open from the start" : module.opensWeek === 0 ? "Before the course starts" : `Opens in week ${module.opensWeek}`;
  return (
    <li className="flex flex-col gap-4 rounded-3xl border border-sand-200 bg-sand-50 p-5 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Heading className="flex flex-wrap items-center gap-2 text-xl font-semibold text-ink">
          {module.title}
          {module.isDemo ? <Badge variant="neutral">Demo</Badge> : null}
        </Heading>
        <MoveButtons intent={COURSES_INTENTS.moveModule} idName="moduleId" id={module.id} label={module.title} first={first} last={last} />
      </div>
      <p className="text-base text-ink-muted">
        {when} · {formatCount(module.lessons.length, "lesson")}
      </p>
      <details open={failure !== null}>
        <summary className="btn btn-outline btn-sm w-fit cursor-pointer">Edit module</summary>
        <Form method="post" action={COURSES_ACTION} noValidate className="mt-4 flex flex-col gap-4">
          <Hidden intent={COURSES_INTENTS.updateModule} fields={{ moduleId: module.id }} />
          <FormMessage failure={failure} />
          <ModuleFields prefix={`module-${module.id}`} values={values} failure={failure} weekly={weekly} />
          <div>
            <Button type="submit">Save</Button>
          </div>
        </Form>
      </details>
      <ol className="flex flex-col gap-3">
        {module.lessons.map((lesson, index) => (
          <LessonEditor key={lesson.id} lesson={lesson} moduleTitle={module.title} result={result} first={index === 0} last={index === module.lessons.length - 1} />
        ))}
      </ol>
      <details className="rounded-2xl border border-dashed border-sand-300 p-4" open={addFailure !== null}>
        <summary className="cursor-pointer font-semibold text-ink">Add lesson</summary>
        <Form method="post" action={COURSES_ACTION} noValidate className="mt-4 flex flex-col gap-4">
          <Hidden intent={COURSES_INTENTS.addLesson} fields={{ moduleId: module.id }} />
          <FormMessage failure={addFailure} />
          <InputField label="Lesson title" name="title" id={`module-${module.id}-new-lesson`} defaultValue={addFailure?.values.title ?? ""} error={fieldError(addFailure, "title")} maxLength={COURSE_LIMITS.lessonTitleMax} autoComplete="off" required />
          <div>
            <Button type="submit">Add lesson</Button>
          </div>
        </Form>
      </details>
      <DeleteConfirm intent={COURSES_INTENTS.deleteModule} idName="moduleId" id={module.id} question={`Remove “${module.title}” and all its lessons and files from the course?`} />
    </li>
  );
}

export function CoursesTab({ data, result, headingLevel = "h3" }: Props) {
  const unplaced = result && result.target === null && result.intent !== COURSES_INTENTS.addModule ? result : null;
  return (
    <div className="flex flex-col gap-6">
      {unplaced ? (
        <Alert variant="destructive" title="Nothing was changed">
          {unplaced.message}
        </Alert>
      ) : null}
      {data.map((course) => {
        const addFailure = result && result.intent === COURSES_INTENTS.addModule && result.values.course === course.course ? result : null;
        return (
          <Card key={course.course} id={`course-${course.course}`}>
            <CardHeader>
              <CardTitle as={headingLevel}>{course.title}</CardTitle>
              <CardDescription>
                {course.course === "learn-to-lift"
                  ? "Modules open by week from each member's cohort start date. A change shows to members at once."
                  : "Every module is open while a member's subscription runs. A change shows to members at once."}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-col gap-5">
              <p>
                <Link to={`/learn/${course.course}`} aria-label={`Preview as a member: ${course.title}`} className="btn btn-outline btn-sm">
                  Preview as a member
                </Link>
              </p>
              {course.modules.some((m) => m.isDemo || m.lessons.some((l) => l.isDemo)) ? (
                <Alert variant="info" role="note" title="Demo content">
                  Items marked Demo were installed with the site as examples in your voice. Replace them with your own
                  (saving one removes its mark), or delete them.
                </Alert>
              ) : null}
              <ol className="flex flex-col gap-5">
                {course.modules.map((module, index) => (
                  <ModuleEditor key={module.id} course={course} module={module} result={result} first={index === 0} last={index === course.modules.length - 1} headingLevel={headingLevel} />
                ))}
              </ol>
              <details className="rounded-2xl border border-dashed border-sand-300 p-5" open={addFailure !== null}>
                <summary className="cursor-pointer text-lg font-semibold text-ink">Add module</summary>
                <Form method="post" action={COURSES_ACTION} noValidate className="mt-4 flex flex-col gap-4">
                  <Hidden intent={COURSES_INTENTS.addModule} fields={{ course: course.course }} />
                  <FormMessage failure={addFailure} />
                  <ModuleFields prefix={`${course.course}-new-module`} values={addFailure?.values ?? {}} failure={addFailure} weekly={course.course === "learn-to-lift"} />
                  <div>
                    <Button type="submit">Add module</Button>
                  </div>
                </Form>
              </details>
            </CardContent>
          </Card>
        );
      })}
    </div>
  );
}
