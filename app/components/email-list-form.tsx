import type { ReactNode } from "react";
import { Link, useLocation, useSearchParams } from "react-router";
import { cn } from "~/utils/cn";
import {
  EMAIL_LIST_MESSAGES,
  EMAIL_LIST_RESULT_PARAM,
  EMAIL_LIST_STATUS_PARAM,
  EMAIL_LIST_SUCCESS,
  isEmailListErrorCode,
  type EmailListErrorCode,
  type EmailListField,
  type EmailListForm as EmailListVariant,
} from "~/validation/email-list-text";
import { AlertCircleIcon, CheckCircleIcon } from "./icons";
import { Alert } from "./ui/alert";
import { Button } from "./ui/button";
import { InputField, TextareaField } from "./ui/form-field";

// One email-list form for every place on the site (docs/product.md §6.1): the exit-intent popup,
// the home page's lead capture and 28-day calendar, the newsletter, the waitlist and the Learn to
// Lift interest form. It posts to /api/email-list:
//  - as a plain form: the server redirects back to this page with the outcome in the query (see
//    app/routes/api/email-list.ts), which this component reads and shows;
//  - with JavaScript, the islands script (app/islands/email-forms.ts) checks it at once with the
//    same rules and messages, sends it in the background with a busy button, and shows the
//    server's answer in place: the messages go into the slots written here (the field error
//    template, the form error, the success text), and success fires "email-list:success".
// Success shows the exact text of docs/product.md §6.2 in a status region.

export type { EmailListVariant };

interface VariantCopy {
  heading: string | null;
  description: string | null;
  submitLabel: string;
  disclaimer: ReactNode;
  /** Lay the fields out in a row, up to 880 px, on wide screens (docs/product.md §6.1). */
  wide: boolean;
}

const PRIVACY_NOTE = "We respect your privacy. Unsubscribe at any time.";

const VARIANTS: Record<EmailListVariant, VariantCopy> = {
  popup: {
    heading: null,
    description: null,
    submitLabel: "Send Me the Tips",
    disclaimer: PRIVACY_NOTE,
    wide: false,
  },
  lead_capture: {
    heading: "Get your free menopause strength guide",
    description:
      "Simple, safe strength moves and the habits that make them stick, written for women in perimenopause and beyond.",
    submitLabel: "Send Me the Guide",
    disclaimer: PRIVACY_NOTE,
    wide: false,
  },
  calendar: {
    heading: "Get your free 28-day workout calendar",
    description: "Four weeks of short, do-able workouts to print out and tick off, one day at a time.",
    submitLabel: "Get My Calendar",
    disclaimer: PRIVACY_NOTE,
    wide: false,
  },
  newsletter: {
    heading: "Join the newsletter",
    description: "Practical strength, energy and mindset tips for midlife, straight to your inbox.",
    submitLabel: "Subscribe",
    disclaimer: PRIVACY_NOTE,
    wide: true,
  },
  waitlist: {
    heading: "Join the waitlist",
    description: "Be the first to hear when doors open, with early access and a welcome gift.",
    submitLabel: "Build Better Habits",
    disclaimer: (
      <>
        We'll only use your email to send you updates about Build Stronger Foundations and helpful tips. We never
        sell or share your details, and you can unsubscribe at any time. See our{" "}
        <Link to="/privacy" className="link">
          Privacy Policy
        </Link>
        .
      </>
    ),
    wide: false,
  },
  interest: {
    heading: "Register your interest",
    description: "Be the first to hear when the next Learn to Lift cohort opens.",
    submitLabel: "Register My Interest",
    disclaimer: PRIVACY_NOTE,
    wide: false,
  },
};

export interface EmailListFormProps {
  /** Which form this is: stored with the subscriber, and sets the default texts. */
  variant: EmailListVariant;
  /** Overrides the variant's heading; null for none (the popup's dialog has its own title). */
  heading?: ReactNode | null;
  /** The heading's level in the page outline. */
  headingLevel?: "h2" | "h3";
  /** Overrides the variant's line under the heading; null for none. */
  description?: ReactNode | null;
  /** Overrides the button text. */
  submitLabel?: string;
  /** Overrides the privacy note under the button; null for none (the popup shows its own). */
  disclaimer?: ReactNode | null;
  /** Fields in a row up to 880 px wide on wide screens (default: per variant); otherwise 420 px. */
  wide?: boolean;
  /** The anchor of the form (no-JavaScript posts come back to it). Default `email-list-<variant>`. */
  id?: string;
  className?: string;
}

type FieldErrors = Partial<Record<EmailListField, string>>;

/** Which field a message belongs to (for a no-JavaScript outcome, which carries only the code). */
const FIELD_OF_CODE: Partial<Record<EmailListErrorCode, EmailListField>> = {
  first_name_too_long: "first_name",
  email_required: "email_address",
  email_too_long: "email_address",
  email_invalid: "email_address",
  challenge_too_long: "biggest_challenge",
};

export function EmailListForm({
  variant,
  heading,
  headingLevel = "h2",
  description,
  submitLabel,
  disclaimer,
  wide,
  id,
  className,
}: EmailListFormProps) {
  const copy = VARIANTS[variant];
  const anchor = id ?? `email-list-${variant}`;
  const location = useLocation();
  const [searchParams] = useSearchParams();

  // The outcome of a no-JavaScript post, brought back in the address.
  const urlStatus = searchParams.get(EMAIL_LIST_RESULT_PARAM) === variant ? searchParams.get(EMAIL_LIST_STATUS_PARAM) : null;
  const succeeded = urlStatus === "ok";
  const failure = isEmailListErrorCode(urlStatus) ? urlStatus : null;
  const failureField = failure ? FIELD_OF_CODE[failure] : undefined;
  const fieldErrors: FieldErrors = failure && failureField ? { [failureField]: EMAIL_LIST_MESSAGES[failure] } : {};
  const formError = failure && !failureField ? EMAIL_LIST_MESSAGES[failure] : null;

  // Where a no-JavaScript post comes back to: this page, at this form, minus an earlier outcome.
  const returnParams = new URLSearchParams(location.search);
  returnParams.delete(EMAIL_LIST_RESULT_PARAM);
  returnParams.delete(EMAIL_LIST_STATUS_PARAM);
  const returnSearch = returnParams.toString();
  const returnTo = `${location.pathname}${returnSearch ? `?${returnSearch}` : ""}#${anchor}`;

  const isWide = wide ?? copy.wide;
  const shownHeading = heading === undefined ? copy.heading : heading;
  const shownDescription = description === undefined ? copy.description : description;
  const Heading = headingLevel;
  const headingId = `${anchor}-heading`;
  const note = disclaimer === undefined ? copy.disclaimer : disclaimer;

  return (
    <div
      id={anchor}
      data-email-list={variant}
      className={cn("w-full max-w-[420px]", isWide && "lg:max-w-[880px]", className)}
    >
      {shownHeading ? (
        <Heading id={headingId} className="text-2xl sm:text-3xl">
          {shownHeading}
        </Heading>
      ) : null}
      {shownDescription ? <p className="mt-2 text-base text-ink-muted">{shownDescription}</p> : null}

      {/* Always in the page, so the success message is announced when it appears. */}
      <div role="status" aria-live="polite">
        <p
          data-email-list-success=""
          hidden={!succeeded}
          tabIndex={-1}
          className="mt-4 flex items-start gap-3 rounded-2xl border border-success-200 bg-success-50 p-4 text-base font-medium text-success-800"
        >
          <CheckCircleIcon className="mt-0.5 size-5.5 shrink-0" />
          <span>{EMAIL_LIST_SUCCESS}</span>
        </p>
      </div>

      {succeeded ? null : (
        <form
          method="post"
          action="/api/email-list"
          data-email-list-form=""
          aria-labelledby={shownHeading ? headingId : undefined}
          className="mt-4 flex flex-col gap-4"
        >
          <input type="hidden" name="form" value={variant} />
          <input type="hidden" name="returnTo" value={returnTo} />
          {/* Honeypot (docs/product.md §1.3): off-screen and out of the tab order; a person never fills it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor={`${anchor}-website`}>Leave this field empty</label>
            <input id={`${anchor}-website`} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>

          <div data-email-list-error="" hidden={!formError}>
            <Alert variant="destructive">
              <span data-email-list-error-text="">{formError ?? EMAIL_LIST_MESSAGES.bad_request}</span>
            </Alert>
          </div>
          <template data-field-error-template="">
            <p className="flex items-start gap-2 text-sm font-medium text-danger-700">
              <AlertCircleIcon className="mt-0.5 size-4.5 shrink-0" />
              <span />
            </p>
          </template>

          <div className={cn("flex flex-col gap-4", isWide && "lg:flex-row lg:items-start")}>
            <InputField
              label={
                <>
                  First name <span className="font-normal text-ink-muted">(optional)</span>
                </>
              }
              name="first_name"
              autoComplete="given-name"
              maxLength={50}
              error={fieldErrors.first_name}
              className={cn(isWide && "lg:flex-1")}
            />
            <InputField
              label="Email address"
              name="email_address"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
              maxLength={255}
              error={fieldErrors.email_address}
              className={cn(isWide && "lg:flex-[1.4]")}
            />
            {variant === "interest" ? null : (
              <Button
                type="submit"
                size="lg"
                className={cn("w-full", isWide && "lg:mt-7 lg:w-auto lg:shrink-0")}
              >
                {submitLabel ?? copy.submitLabel}
              </Button>
            )}
          </div>

          {variant === "interest" ? (
            <>
              <TextareaField
                label={
                  <>
                    What's your biggest challenge with exercise right now?{" "}
                    <span className="font-normal text-ink-muted">(optional)</span>
                  </>
                }
                name="biggest_challenge"
                maxLength={500}
                rows={3}
                error={fieldErrors.biggest_challenge}
              />
              <Button type="submit" size="lg" className="w-full">
                {submitLabel ?? copy.submitLabel}
              </Button>
            </>
          ) : null}

          {note ? <p className="text-sm text-ink-muted">{note}</p> : null}
        </form>
      )}
    </div>
  );
}
