import { useState } from "react";
import { useFetcher } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-field";
import type { OfferRow, OffersData } from "~/server/admin/offers.server";
import { formatDateTime, formatMoney } from "~/utils/format";
import {
  COHORT_DATE_FIELD,
  OFFERS_INTENTS,
  penceToPoundsInput,
  priceField,
  RESET_TARGET_FIELD,
  toUkDateTimeInput,
  type OffersFieldErrors,
} from "~/validation/offers";

// The Offers tab of /settings/admin (docs/product.md §10.10, §5.1): the coach sets each product's price and
// the next cohort's start, which every page, checkout and the payment provider use from then on.
// Plain POST forms to /settings/admin/offers: with JavaScript they are fetchers (errors show
// in place, success reloads the tab with a toast); without it the browser posts them and a
// refused form comes back at /settings/admin/offers with its messages (OffersPage below).

export const OFFERS_ACTION = "/settings/admin/offers";
const RESET_FORM_ID = "offers-reset";

/** A refused form: a message per field, what was typed, and a message for the whole form. */
export interface OffersActionData {
  ok: false;
  errors: OffersFieldErrors;
  values: Record<string, string>;
  formError: string | null;
}

const modeLabel = (mode: OfferRow["mode"]) => (mode === "monthly" ? "Per month" : "One-time");
const priceLabel = (pence: number, mode: OfferRow["mode"]) => `${formatMoney(pence)}${mode === "monthly" ? " per month" : ""}`;

export function OffersTab({
  data,
  result = null,
  headingLevel = "h3",
}: {
  data: OffersData;
  /** A refused form posted without JavaScript (the standalone page passes its action data). */
  result?: OffersActionData | null;
  headingLevel?: "h2" | "h3";
}) {
  const save = useFetcher<OffersActionData>();
  const reset = useFetcher<OffersActionData>();
  // A fetcher keeps its last answer when a later submission redirects (a success), so each
  // submission marks the answers shown so far as dismissed; a new refusal is a new object.
  const [dismissed, setDismissed] = useState<readonly unknown[]>([]);
  const live = (answer: OffersActionData | undefined) => (answer && !dismissed.includes(answer) ? answer : undefined);
  const forgetAnswers = () => setDismissed([save.data, reset.data].filter(Boolean));
  const outcome = live(save.data) ?? live(reset.data) ?? result;
  const errors = outcome?.errors ?? {};
  const values = live(save.data)?.values ?? result?.values ?? null;
  const saving = save.state !== "idle";
  const resetting = reset.state !== "idle";
  // New values from the server (after a save or a reset) replace what the fields show.
  const formKey = JSON.stringify([data.offers.map((o) => o.currentPence), data.nextCohortDate.current]);
  const fieldErrors = Object.keys(errors).length;
  const SubHeading = headingLevel === "h2" ? "h3" : "h4";

  return (
    <Card>
      <CardHeader>
        <CardTitle as={headingLevel}>Offers</CardTitle>
        <CardDescription>
          The prices and the next Learn to Lift cohort as every page, checkout and the payment page show them. A change
          applies straight away, with no deploy.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Alert variant="info" role="note" title="Existing subscriptions keep their price">
          A new price applies to new checkouts only. Members who already subscribe keep paying the price they signed up
          at, and past purchases are unchanged.
        </Alert>
        {outcome?.formError ? (
          <Alert variant="destructive" title="Nothing was changed">
            {outcome.formError}
          </Alert>
        ) : fieldErrors > 0 ? (
          <Alert variant="destructive" title="Nothing was changed">
            Please correct the {fieldErrors === 1 ? "field" : `${fieldErrors} fields`} marked below and save again.
          </Alert>
        ) : null}

        <save.Form
          key={formKey}
          method="post"
          action={OFFERS_ACTION}
          noValidate
          onSubmit={forgetAnswers}
          className="flex flex-col gap-6"
        >
          <input type="hidden" name="intent" value={OFFERS_INTENTS.update} />
          <fieldset className="flex min-w-0 flex-col gap-4">
            <legend className="mb-3 text-lg font-semibold text-ink">Prices</legend>
            <ul className="grid gap-4 lg:grid-cols-3">
              {data.offers.map((offer) => {
                const field = priceField(offer.productKey);
                return (
                  <li key={offer.productKey} className="flex flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <SubHeading className="text-lg font-semibold text-ink">{offer.name}</SubHeading>
                      <Badge variant="neutral">{modeLabel(offer.mode)}</Badge>
                    </div>
                    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                      <dt className="text-ink-muted">Installed price</dt>
                      <dd>{priceLabel(offer.installedPence, offer.mode)}</dd>
                      <dt className="text-ink-muted">Current price</dt>
                      <dd className="flex flex-wrap items-center gap-2 font-semibold">
                        {priceLabel(offer.currentPence, offer.mode)}
                        {offer.overridden ? <Badge variant="accent">Changed</Badge> : null}
                      </dd>
                    </dl>
                    <InputField
                      label={`${offer.name} price in pounds`}
                      name={field}
                      inputMode="decimal"
                      autoComplete="off"
                      hint={offer.mode === "monthly" ? "Per month, for example 20 or 19.99" : "In one payment, for example 300 or 299.99"}
                      defaultValue={values?.[field] ?? penceToPoundsInput(offer.currentPence)}
                      error={errors[field]}
                      required
                    />
                    {offer.overridden ? (
                      <Button
                        type="submit"
                        form={RESET_FORM_ID}
                        name={RESET_TARGET_FIELD}
                        value={field}
                        variant="outline"
                        size="sm"
                        disabled={resetting || saving}
                        className="self-start"
                      >
                        Reset to installed price ({formatMoney(offer.installedPence)})
                      </Button>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>

          {/* NOTE: min-w-0: a fieldset is at least as wide as its content by default, and the
              date-time field's own minimum made this one wider than a phone. */}
          <fieldset className="flex min-w-0 flex-col gap-4 rounded-2xl border border-sand-200 bg-sand-50 p-5">
            <legend className="sr-only">Next cohort</legend>
            <SubHeading className="text-lg font-semibold text-ink">Next Learn to Lift cohort</SubHeading>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Installed start</dt>
              <dd>{formatDateTime(data.nextCohortDate.installed)}</dd>
              <dt className="text-ink-muted">Current start</dt>
              <dd className="flex flex-wrap items-center gap-2 font-semibold">
                <time dateTime={data.nextCohortDate.current}>{formatDateTime(data.nextCohortDate.current)}</time>
                {data.nextCohortDate.overridden ? <Badge variant="accent">Changed</Badge> : null}
              </dd>
            </dl>
            <InputField
              type="datetime-local"
              label="Next cohort starts (UK time)"
              name={COHORT_DATE_FIELD}
              hint="The date and time in the UK. The countdown on the Learn to Lift page counts down to it."
              defaultValue={values?.[COHORT_DATE_FIELD] ?? toUkDateTimeInput(data.nextCohortDate.current)}
              error={errors[COHORT_DATE_FIELD]}
              className="max-w-sm"
              required
            />
            {data.nextCohortDate.overridden ? (
              <Button
                type="submit"
                form={RESET_FORM_ID}
                name={RESET_TARGET_FIELD}
                value={COHORT_DATE_FIELD}
                variant="outline"
                size="sm"
                disabled={resetting || saving}
                className="self-start"
              >
                Reset to installed date ({formatDateTime(data.nextCohortDate.installed)})
              </Button>
            ) : null}
          </fieldset>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={saving} disabled={resetting}>
              {saving ? "Saving..." : "Save changes"}
            </Button>
            <p className="text-sm text-ink-muted">Each change is recorded in the Activity Log.</p>
          </div>
        </save.Form>
        {/* The reset buttons above belong to this form (their form attribute), so pressing Enter in
            a price field always saves and never resets. */}
        <reset.Form id={RESET_FORM_ID} method="post" action={OFFERS_ACTION} onSubmit={forgetAnswers} hidden>
          <input type="hidden" name="intent" value={OFFERS_INTENTS.reset} />
        </reset.Form>
      </CardContent>
    </Card>
  );
}
