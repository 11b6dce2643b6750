import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { InputField } from "~/components/ui/form-field";
import type { PromotionListItem } from "~/server/payments/promotions.server";
import type { PromotionOffer, PromotionsTabData } from "~/server/admin/promotions.server";
import { formatCount, formatLongDate, formatMoney } from "~/utils/format";
import { PROMOTION_CODE_MAX, PROMOTION_FIELDS, PROMOTION_MAX_MONTHS, PROMOTIONS_INTENTS } from "~/validation/promotions";

// The Promotions tab of /settings/admin (docs/product.md §8.9): 'New promotion' and the list of
// codes with their uses and revenue, each with 'Turn off'. Plain POST forms to
// /settings/admin/promotions, so they work before JavaScript loads; a refused form comes back with
// its message next to the field and what was typed.

export const PROMOTIONS_ACTION = "/settings/admin/promotions";

export interface PromotionsActionData {
  ok: false;
  /** The field the message belongs to (null: the whole form). */
  field: string | null;
  message: string;
  values: Record<string, string | string[]>;
}

function discountText(p: Pick<PromotionListItem, "percentOff" | "amountOffPence">): string {
  return p.percentOff !== null ? `${p.percentOff}% off` : `${formatMoney(p.amountOffPence ?? 0)} off`;
}

function durationText(p: Pick<PromotionListItem, "duration" | "durationMonths">): string {
  if (p.duration === "forever") return "every monthly payment";
  if (p.duration === "repeating") return formatCount(p.durationMonths ?? 1, "monthly payment");
  return "the first payment";
}

function statusOf(p: PromotionListItem, now: Date): { label: string; variant: "success" | "neutral" | "warning" } {
  if (!p.active) return { label: "Off", variant: "neutral" };
  if (p.expiresAt && new Date(p.expiresAt).getTime() <= now.getTime()) return { label: "Expired", variant: "neutral" };
  if (p.maxUses !== null && p.uses >= p.maxUses) return { label: "Used up", variant: "warning" };
  return { label: "Active", variant: "success" };
}

export function PromotionsTab({ data, result = null }: { data: PromotionsTabData; result?: PromotionsActionData | null }) {
  const now = new Date();
  const names = new Map(data.offers.map((o) => [o.productKey, o.name]));
  return (
    <div className="flex flex-col gap-8">
      <NewPromotion offers={data.offers} result={result} />
      <Card>
        <CardHeader>
          <CardTitle as="h3">Your promotion codes</CardTitle>
          <CardDescription>
            Uses count paid checkouts; revenue is what they brought in, refunds taken off. A code you turn off stops
            working at once, and checkouts already open with it are closed.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {data.promotions.length === 0 ? (
            <p className="text-base text-ink-muted">No promotion codes yet. The first one you save appears here.</p>
          ) : (
            <ul className="flex flex-col gap-4">
              {data.promotions.map((p) => {
                const status = statusOf(p, now);
                const offers = p.productKeys.map((k) => names.get(k) ?? k).join(", ");
                const monthly = p.productKeys.some((k) => data.offers.find((o) => o.productKey === k)?.monthly);
                return (
                  <li key={p.id} className="flex flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-50 p-5 sm:flex-row sm:items-start sm:justify-between">
                    <div className="flex min-w-0 flex-col gap-2">
                      <p className="flex flex-wrap items-center gap-3">
                        <span className="font-mono text-lg font-semibold tracking-wide text-ink">{p.code}</span>
                        <Badge variant={status.variant}>{status.label}</Badge>
                      </p>
                      <p className="text-base text-ink">
                        {discountText(p)} {offers}
                        {monthly ? <span className="text-ink-muted"> (monthly offers: {durationText(p)})</span> : null}
                      </p>
                      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                        <dt className="text-ink-muted">Uses</dt>
                        <dd>{p.maxUses !== null ? `${p.uses} of ${p.maxUses}` : p.uses}</dd>
                        <dt className="text-ink-muted">Revenue</dt>
                        <dd>{formatMoney(p.revenuePence)}</dd>
                        <dt className="text-ink-muted">Expires</dt>
                        <dd>{p.expiresAt ? formatLongDate(p.expiresAt) : "Never"}</dd>
                      </dl>
                    </div>
                    {p.active ? (
                      <Form method="post" action={PROMOTIONS_ACTION} className="shrink-0">
                        <input type="hidden" name="intent" value={PROMOTIONS_INTENTS.turnOff} />
                        <input type="hidden" name="promotionId" value={p.id} />
                        <Button type="submit" variant="outline" size="sm" aria-label={`Turn off ${p.code}`}>
                          Turn off
                        </Button>
                      </Form>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </div>
  );
}

function NewPromotion({ offers, result }: { offers: PromotionOffer[]; result: PromotionsActionData | null }) {
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formAction === PROMOTIONS_ACTION && navigation.formData?.get("intent") === PROMOTIONS_INTENTS.create;
  const values = result?.values ?? {};
  const value = (name: string) => (typeof values[name] === "string" ? (values[name] as string) : undefined);
  const errorOf = (name: string) => (result?.field === name ? result.message : undefined);
  const chosen = Array.isArray(values[PROMOTION_FIELDS.appliesTo]) ? (values[PROMOTION_FIELDS.appliesTo] as string[]) : null;
  const appliesToError = errorOf(PROMOTION_FIELDS.appliesTo);
  const durationError = errorOf(PROMOTION_FIELDS.duration);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h3">New promotion</CardTitle>
        <CardDescription>
          A code visitors type on a checkout page, or a link that fills it in: {" "}
          <span className="font-mono">/learn-to-lift-checkout?code=SPRING10</span>. They see the reduced price before they pay.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        {result && result.field === null ? (
          <Alert variant="destructive" title="Nothing was saved">
            {result.message}
          </Alert>
        ) : null}
        <Form method="post" action={PROMOTIONS_ACTION} noValidate className="flex flex-col gap-6">
          <input type="hidden" name="intent" value={PROMOTIONS_INTENTS.create} />
          <div className="grid gap-5 md:grid-cols-3">
            <InputField
              label="Code"
              name={PROMOTION_FIELDS.code}
              hint="Letters and digits, for example SPRING10. Capitals or not, it's the same code."
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={PROMOTION_CODE_MAX}
              defaultValue={value(PROMOTION_FIELDS.code)}
              error={errorOf(PROMOTION_FIELDS.code)}
              className="md:col-span-1"
              required
            />
            <InputField
              label="Percent off"
              name={PROMOTION_FIELDS.percentOff}
              hint="A whole number, for example 10. Or fill in 'Amount off'."
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value(PROMOTION_FIELDS.percentOff)}
              error={errorOf(PROMOTION_FIELDS.percentOff)}
            />
            <InputField
              label="Amount off"
              name={PROMOTION_FIELDS.amountOff}
              hint="In pounds, for example 30. Or fill in 'Percent off'."
              inputMode="decimal"
              autoComplete="off"
              defaultValue={value(PROMOTION_FIELDS.amountOff)}
              error={errorOf(PROMOTION_FIELDS.amountOff)}
            />
          </div>

          <fieldset className="flex min-w-0 flex-col gap-3" aria-describedby={appliesToError ? "promotion-applies-error" : undefined}>
            <legend className="mb-1 text-base font-semibold text-ink">Applies to</legend>
            <div className="flex flex-wrap gap-x-8 gap-y-3">
              {offers.map((offer) => (
                <label key={offer.productKey} className="flex cursor-pointer items-center gap-3 text-base text-ink">
                  <input
                    type="checkbox"
                    name={PROMOTION_FIELDS.appliesTo}
                    value={offer.productKey}
                    defaultChecked={chosen ? chosen.includes(offer.productKey) : false}
                    className="size-5 cursor-pointer accent-brand-700"
                  />
                  {offer.name}
                  <span className="text-sm text-ink-muted">
                    ({formatMoney(offer.pricePence)}
                    {offer.monthly ? " a month" : ""})
                  </span>
                </label>
              ))}
            </div>
            {appliesToError ? (
              <p id="promotion-applies-error" className="text-sm font-medium text-danger-700">
                {appliesToError}
              </p>
            ) : null}
          </fieldset>

          <div className="grid gap-5 md:grid-cols-2">
            <InputField
              type="date"
              label="Expires"
              name={PROMOTION_FIELDS.expires}
              hint="Optional. The code works until the end of this day, UK time."
              defaultValue={value(PROMOTION_FIELDS.expires)}
              error={errorOf(PROMOTION_FIELDS.expires)}
              className="max-w-xs"
            />
            <InputField
              label="Limit"
              name={PROMOTION_FIELDS.limit}
              hint="Optional. How many purchases may use it; empty for no limit."
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value(PROMOTION_FIELDS.limit)}
              error={errorOf(PROMOTION_FIELDS.limit)}
              className="max-w-xs"
            />
          </div>

          <fieldset className="flex min-w-0 flex-col gap-3 rounded-2xl border border-sand-200 bg-sand-50 p-5" aria-describedby={durationError ? "promotion-duration-error" : undefined}>
            <legend className="sr-only">On a monthly offer</legend>
            <p className="text-base font-semibold text-ink">On a monthly offer, the discount applies to</p>
            {(
              [
                ["once", "The first payment only"],
                ["repeating", "A number of monthly payments"],
                ["forever", "Every payment, for as long as she stays"],
              ] as const
            ).map(([choice, label]) => (
              <label key={choice} className="flex cursor-pointer items-center gap-3 text-base text-ink">
                <input
                  type="radio"
                  name={PROMOTION_FIELDS.duration}
                  value={choice}
                  defaultChecked={(value(PROMOTION_FIELDS.duration) ?? "once") === choice}
                  className="size-5 cursor-pointer accent-brand-700"
                />
                {label}
              </label>
            ))}
            <InputField
              label="Number of monthly payments"
              name={PROMOTION_FIELDS.durationMonths}
              hint={`Only for 'A number of monthly payments': from 1 to ${PROMOTION_MAX_MONTHS}.`}
              inputMode="numeric"
              autoComplete="off"
              defaultValue={value(PROMOTION_FIELDS.durationMonths)}
              error={errorOf(PROMOTION_FIELDS.durationMonths)}
              className="max-w-xs"
            />
            {durationError ? (
              <p id="promotion-duration-error" className="text-sm font-medium text-danger-700">
                {durationError}
              </p>
            ) : null}
          </fieldset>

          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" loading={saving}>
              {saving ? "Saving..." : "Save"}
            </Button>
            <p className="text-sm text-ink-muted">Each promotion is recorded in the Activity Log.</p>
          </div>
        </Form>
      </CardContent>
    </Card>
  );
}
