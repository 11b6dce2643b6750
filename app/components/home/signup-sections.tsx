import { TickBadge } from "~/components/list-markers";
import { useSearchParams } from "react-router";
import { SoftGlow } from "~/components/brand-art";
import { DownloadSignup } from "~/components/download-signup";
import { EmailListForm } from "~/components/email-list-form";
import { LazySection } from "~/components/lazy-section";
import { calendarSection, leadCaptureSection } from "~/content/home";
import { EMAIL_LIST_RESULT_PARAM, EMAIL_LIST_STATUS_PARAM, type EmailListForm as EmailListVariant } from "~/validation/email-list-text";

// The home page's two sign-up sections (the free guide and the workout calendar), each an
// email-list form that loads when it is near, then a download once she has signed up.

/** True when a sign-up without JavaScript came back to this page with a success for this form. */
function useSignedUpWithoutScript(form: EmailListVariant): boolean {
  const [params] = useSearchParams();
  return params.get(EMAIL_LIST_RESULT_PARAM) === form && params.get(EMAIL_LIST_STATUS_PARAM) === "ok";
}

/**
 * The loaded sign-up form's height at each width (measured), so nothing shifts when it arrives;
 * once the form has given way to its success message, the space it kept is let go.
 */
const SIGNUP_FORM_HEIGHT =
  "min-h-[30rem] sm:min-h-[26.25rem] has-[[data-email-list-success]:not([hidden])]:min-h-0";

export function LeadCapture() {
  const signedUp = useSignedUpWithoutScript("lead_capture");
  return (
    <section aria-labelledby="guide-heading" className="section-y relative isolate overflow-hidden bg-brand-50">
      <SoftGlow />
      <div className="container-page grid items-start gap-10 lg:grid-cols-2 lg:gap-16">
        <div className="lg:pt-6">
          <p className="eyebrow">{leadCaptureSection.eyebrow}</p>
          <h2 id="guide-heading" className="mt-3 text-3xl sm:text-4xl lg:text-5xl">
            {leadCaptureSection.title}
          </h2>
          <p className="mt-5 text-lg text-ink-muted sm:text-xl">{leadCaptureSection.intro}</p>
          <ul className="mt-8 space-y-4">
            {leadCaptureSection.points.map((point) => (
              <li key={point} className="flex gap-3 text-base text-ink sm:text-lg">
                <TickBadge tone="accent" className="mt-1" />
                {point}
              </li>
            ))}
          </ul>
        </div>
        <div className="rounded-[2rem] border border-sand-200 bg-white p-6 shadow-lg sm:p-9">
          <LazyDownloadSignup section={leadCaptureSection} variant="lead_capture" when="idle" signedUp={signedUp} />
        </div>
      </div>
    </section>
  );
}

export function CalendarSignup() {
  const signedUp = useSignedUpWithoutScript("calendar");
  return (
    <section aria-labelledby="calendar-heading" className="section-y relative isolate overflow-hidden">
      <div className="container-page">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2.5rem] border border-sand-200 bg-sand-100 px-4 py-8 shadow-sm sm:p-10 lg:grid-cols-[0.9fr_1.1fr] lg:gap-14 lg:p-14">
          <div>
            <CalendarArt />
            <p className="eyebrow mt-8 block">{calendarSection.eyebrow}</p>
            <h2 id="calendar-heading" className="mt-3 text-3xl sm:text-4xl">
              {calendarSection.title}
            </h2>
            <p className="mt-4 text-lg text-ink-muted">{calendarSection.intro}</p>
            <ul className="mt-6 flex flex-wrap gap-2.5">
              {calendarSection.points.map((point) => (
                <li
                  key={point}
                  className="rounded-full border border-sand-300 bg-white px-4 py-1.5 text-sm font-semibold text-ink"
                >
                  {point}
                </li>
              ))}
            </ul>
          </div>
          <div className="rounded-[2rem] bg-white p-5 shadow-md sm:p-8">
            <LazyDownloadSignup section={calendarSection} variant="calendar" when="visible" signedUp={signedUp} />
          </div>
        </div>
      </div>
    </section>
  );
}

/** Four weeks of ticks: the calendar section's picture. */
function CalendarArt() {
  const days = Array.from({ length: 28 }, (_, i) => i);
  const done = new Set([0, 2, 4, 7, 9, 11, 14, 16]);
  return (
    <svg viewBox="0 0 240 150" aria-hidden="true" focusable="false" className="h-auto w-full max-w-[17rem]">
      <rect x="2" y="2" width="236" height="146" rx="18" className="fill-white stroke-sand-300" strokeWidth="2" />
      <rect x="2" y="2" width="236" height="30" rx="18" className="fill-brand-700" />
      <rect x="2" y="20" width="236" height="12" className="fill-brand-700" />
      <text x="20" y="22" className="fill-white" style={{ font: "600 13px var(--font-sans)" }}>
        28 days
      </text>
      {days.map((i) => {
        const col = i % 7;
        const row = Math.floor(i / 7);
        const x = 16 + col * 30.5;
        const y = 42 + row * 26;
        const ticked = done.has(i);
        return (
          <g key={i}>
            <rect
              x={x}
              y={y}
              width="22"
              height="20"
              rx="6"
              className={ticked ? "fill-accent-300" : "fill-brand-50 stroke-brand-100"}
            />
            {ticked ? (
              <path
                d={`M${x + 6} ${y + 10.5}l3.5 3.5 6.5-7`}
                fill="none"
                className="stroke-brand-900"
                strokeWidth="2.2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            ) : null}
          </g>
        );
      })}
    </svg>
  );
}

interface DownloadSignupSection {
  downloadHref: string;
  download: string;
  thanks?: string;
  formHeading: string;
  formDescription: string;
}

/** An email-list form loaded lazily (docs/product.md §14.4), then a download button once she has signed up. */
function LazyDownloadSignup({
  section,
  variant,
  when,
  signedUp,
}: {
  section: DownloadSignupSection;
  variant: "lead_capture" | "calendar";
  when: "idle" | "visible";
  signedUp: boolean;
}) {
  return (
    <DownloadSignup href={section.downloadHref} label={section.download} thanks={section.thanks} initiallyDone={signedUp}>
      <LazySection when={when} className={SIGNUP_FORM_HEIGHT}>
        <EmailListForm
          variant={variant}
          headingLevel="h3"
          heading={section.formHeading}
          description={section.formDescription}
        />
      </LazySection>
    </DownloadSignup>
  );
}
