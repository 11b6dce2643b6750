import { Form, Link } from "react-router";
import type { ContentActionFailure, ContentTabData } from "~/server/admin/content.server";
import { PageHero } from "~/components/page-hero";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField, TextareaField } from "~/components/ui/form-field";
import { formatDateTime } from "~/utils/format";
import { CONTENT_INTENTS, TESTIMONIAL_LIMITS } from "~/validation/content";

// The Content tab (docs/product.md §10.13): the coach's testimonials, each with its own form, in
// the order the site shows them; 'Add testimonial'; the block's history with 'Restore'; 'Reset to
// default'. Plain forms that post to /settings/admin/content and work before JavaScript loads;
// every form carries the version it shows, so a save over a newer one is refused.

export const CONTENT_ACTION = "/settings/admin/content";

interface Props {
  data: ContentTabData;
  result: ContentActionFailure | null;
  headingLevel?: "h2" | "h3";
}

function Hidden({ intent, version, index }: { intent: string; version: number; index?: number }) {
  return (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="block" value="testimonials" />
      <input type="hidden" name="expectedVersion" value={version} />
      {index === undefined ? null : <input type="hidden" name="index" value={index} />}
    </>
  );
}

function TestimonialFields({ idPrefix, values }: { idPrefix: string; values: Partial<Record<"quote" | "name" | "age", string>> }) {
  return (
    <>
      <TextareaField
        label="Quote"
        name="quote"
        id={`${idPrefix}-quote`}
        defaultValue={values.quote}
        rows={4}
        maxLength={TESTIMONIAL_LIMITS.quoteMax}
        required
      />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem] sm:items-end">
        <InputField label="Name" name="name" id={`${idPrefix}-name`} defaultValue={values.name} hint="First name only" autoComplete="off" required />
        <InputField label="Age" name="age" id={`${idPrefix}-age`} defaultValue={values.age} inputMode="numeric" autoComplete="off" required />
      </div>
    </>
  );
}

export function ContentTab({ data, result, headingLevel = "h3" }: Props) {
  const { testimonials } = data;
  const version = testimonials.version;
  const SubHeading = headingLevel === "h2" ? "h3" : "h4";
  const failedAt = (intent: string, index: number | null) => (result && result.intent === intent && result.index === index ? result : null);
  const addFailed = failedAt(CONTENT_INTENTS.addTestimonial, null);
  const blockMessage = result && (result.changed || result.intent === null || ![CONTENT_INTENTS.addTestimonial, CONTENT_INTENTS.updateTestimonial].includes(result.intent as never)) ? result : null;

  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel}>Testimonials</CardTitle>
        <CardDescription>
          The clients&apos; words on the home page, the meet page and the community page, in this order. A change shows on
          the site within a few seconds, with no deploy.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Alert variant="info" role="note" title="Real words, used with permission">
          Publish only what real clients said, with their permission, and first names only. Invented or edited reviews
          presented as genuine are unlawful in the UK (Digital Markets, Competition and Consumers Act 2024).
        </Alert>
        {blockMessage ? (
          <Alert variant="destructive" title="Nothing was changed">
            {blockMessage.message}
          </Alert>
        ) : null}
        <p className="flex flex-wrap items-center gap-2 text-base text-ink-muted">
          {testimonials.customised ? <Badge variant="accent">Your version</Badge> : <Badge variant="neutral">Installed text</Badge>}
          {testimonials.value.length === 1 ? "1 testimonial" : `${testimonials.value.length} testimonials`}
        </p>

        <ol className="flex flex-col gap-5">
          {testimonials.value.map((item, index) => {
            const failed = failedAt(CONTENT_INTENTS.updateTestimonial, index);
            const values = failed ? failed.values : { quote: item.quote, name: item.name, age: String(item.age) };
            const label = `${item.name}, ${item.age}`;
            return (
              <li key={`${version}-${index}`} className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-5">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <SubHeading className="text-lg font-semibold text-ink">
                    {index + 1}. {label}
                  </SubHeading>
                  <div className="flex flex-wrap gap-2">
                    <Form method="post" action={CONTENT_ACTION}>
                      <Hidden intent={CONTENT_INTENTS.moveTestimonial} version={version} index={index} />
                      <input type="hidden" name="direction" value="up" />
                      <Button type="submit" variant="outline" size="sm" disabled={index === 0} aria-label={`Move ${label} up`}>
                        Move up
                      </Button>
                    </Form>
                    <Form method="post" action={CONTENT_ACTION}>
                      <Hidden intent={CONTENT_INTENTS.moveTestimonial} version={version} index={index} />
                      <input type="hidden" name="direction" value="down" />
                      <Button
                        type="submit"
                        variant="outline"
                        size="sm"
                        disabled={index === testimonials.value.length - 1}
                        aria-label={`Move ${label} down`}
                      >
                        Move down
                      </Button>
                    </Form>
                  </div>
                </div>
                <Form method="post" action={CONTENT_ACTION} noValidate className="flex flex-col gap-4">
                  <Hidden intent={CONTENT_INTENTS.updateTestimonial} version={version} index={index} />
                  {failed ? (
                    <p role="alert" className="font-semibold text-danger-700">
                      {failed.message}
                    </p>
                  ) : null}
                  <TestimonialFields idPrefix={`testimonial-${index}`} values={values} />
                  <div>
                    <Button type="submit">Save</Button>
                  </div>
                </Form>
                <details className="group">
                  <summary className="btn btn-ghost btn-sm w-fit cursor-pointer text-danger-700">Delete</summary>
                  <Form method="post" action={CONTENT_ACTION} className="mt-3 flex flex-wrap items-center gap-3">
                    <Hidden intent={CONTENT_INTENTS.deleteTestimonial} version={version} index={index} />
                    <p className="text-base">Remove {label}&apos;s testimonial from the site?</p>
                    <Button type="submit" variant="destructive" size="sm">
                      Yes, delete it
                    </Button>
                  </Form>
                </details>
              </li>
            );
          })}
        </ol>

        <details className="rounded-2xl border border-sand-200 p-5" open={addFailed !== null}>
          <summary className="cursor-pointer text-lg font-semibold text-ink">Add testimonial</summary>
          <Form method="post" action={CONTENT_ACTION} noValidate className="mt-4 flex flex-col gap-4">
            <Hidden intent={CONTENT_INTENTS.addTestimonial} version={version} />
            {addFailed ? (
              <p role="alert" className="font-semibold text-danger-700">
                {addFailed.message}
              </p>
            ) : null}
            <TestimonialFields idPrefix="testimonial-new" values={addFailed?.values ?? { quote: "", name: "", age: "" }} />
            <div>
              <Button type="submit">Save</Button>
            </div>
          </Form>
        </details>

        <section aria-labelledby="testimonials-history" className="flex flex-col gap-3">
          <SubHeading id="testimonials-history" className="text-lg font-semibold text-ink">
            History
          </SubHeading>
          {testimonials.history.length === 0 ? (
            <p className="text-base text-ink-muted">Nothing saved yet: the site shows the installed testimonials.</p>
          ) : (
            <ol className="flex flex-col divide-y divide-sand-200 rounded-2xl border border-sand-200">
              {testimonials.history.map((entry) => (
                <li key={entry.version} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <span className="text-base">
                    <span className="font-semibold">Version {entry.version}</span>
                    {entry.isDefault ? " (installed text)" : null} · {formatDateTime(entry.savedAt)}
                    {entry.savedBy ? ` · ${entry.savedBy}` : null}
                    {entry.version === version ? (
                      <Badge variant="success" className="ml-2">
                        Shown now
                      </Badge>
                    ) : null}
                  </span>
                  {entry.version === version ? null : (
                    <Form method="post" action={CONTENT_ACTION}>
                      <Hidden intent={CONTENT_INTENTS.restore} version={version} />
                      <input type="hidden" name="version" value={entry.version} />
                      <Button type="submit" variant="outline" size="sm" aria-label={`Restore version ${entry.version}`}>
                        Restore
                      </Button>
                    </Form>
                  )}
                </li>
              ))}
            </ol>
          )}
          {testimonials.customised ? (
            <Form method="post" action={CONTENT_ACTION}>
              <Hidden intent={CONTENT_INTENTS.reset} version={version} />
              <Button type="submit" variant="ghost">
                Reset to default
              </Button>
            </Form>
          ) : null}
        </section>
      </CardContent>
    </Card>
  );
}

/** The route's own page, shown when a form is refused without JavaScript (like the Offers tab's). */
export function ContentPage({ data, result }: { data: ContentTabData; result: ContentActionFailure | null }) {
  return (
    <main id="main">
      <PageHero title="Content" intro="Your words on the site: testimonials, with their history." />
      <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
        <p>
          <Link to="/settings/admin?tab=content" className="link font-semibold">
            Back to the Admin Dashboard
          </Link>
        </p>
        <ContentTab data={data} result={result} headingLevel="h2" />
      </div>
    </main>
  );
}
