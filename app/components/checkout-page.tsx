import { Link, useLocation } from "react-router";
import { CheckoutAuth } from "~/components/checkout-auth";
import { CheckIcon, ShieldIcon } from "~/components/icons";
import { PageHero } from "~/components/page-hero";
import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { FormField } from "~/components/ui/form-field";
import { formatPrice } from "~/utils/format";
import { Input } from "~/components/ui/input";
import {
  alreadyOwnedMessage,
  alreadySubscribedMessage,
  CHECKOUT_MESSAGES,
  checkoutIntro,
  CONFIRM_SECOND_PURCHASE,
  confirmSecondPurchaseLabel,
  PRIVACY_NOTE,
  promotionPriceCard,
  planChoices,
  planPriceNote,
  PURCHASE_BUTTON_TEXT,
  type CheckoutContent,
} from "~/content/checkout";
import { instalmentPlan, PLAN_FIELD, PLAN_INSTALMENTS, type InstalmentPlan } from "~/config/instalments";
import { AFTER_AUTH_ATTRIBUTE, checkoutAuthFormId, type CheckoutAuthProps } from "~/utils/checkout-auth";
import { PROMOTION_CODE_FIELD, PROMOTION_CODE_INPUT_MAX, type PromotionPricing } from "~/validation/promotion-code";

// One checkout page (docs/product.md §8.1): title, price card, steps, What's Included,
// privacy and terms notes, and the purchase panel: the sign-up / log-in form for a visitor, or
// 'Complete Your Purchase' for a member. Both end on the provider's hosted page in the same tab
// (docs/product.md §8.2).
//
// The checkouts do not hydrate (app/utils/islands-page.ts): every form here is a plain form the
// server answers in full, and the checkout script (app/islands/checkout.ts) adds what needs the
// browser: the visitor's auth form as React once she reaches for it, busy purchase buttons, and
// '?cancelled=true' taken out of the address.

export interface CheckoutPageProps {
  content: CheckoutContent;
  signedIn: boolean;
  email: string | null;
  /** ?cancelled=true on arrival. */
  cancelled: boolean;
  /** She already has this monthly offer running. */
  alreadySubscribed: boolean;
  /** She already has this course (paid once, hers for life): buying it again needs her say-so. */
  alreadyOwned: boolean;
  /** The action's alert (docs/product.md §8.2), if starting the payment failed. */
  error?: string;
  /** A promotion code that applies, with its price (docs/product.md §8.9). */
  promotion?: PromotionPricing | null;
  /** Why the code she applied does not (the full price stands), and what she typed. */
  promotionError?: string | null;
  promotionTyped?: string;
}

export function CheckoutPage({
  content,
  signedIn,
  email,
  cancelled,
  alreadySubscribed,
  alreadyOwned,
  error,
  promotion = null,
  promotionError = null,
  promotionTyped = "",
}: CheckoutPageProps) {
  const location = useLocation();
  const action = location.pathname;
  // docs/product.md §8.1: the cancelled alert stays on screen while the query leaves the address bar.
  const showCancelled = cancelled;

  const headingId = `${content.id}-purchase-heading`;
  const owned = signedIn && alreadyOwned;
  // 'Pay in 3 monthly payments' (docs/product.md §8.11): at the full price only, so not with a code.
  const plan = content.product.instalments ? instalmentPlan(content.product.pricePence, content.product.instalments) : null;
  const offerPlan = plan !== null && !promotion && !owned && !(signedIn && alreadySubscribed);
  const purchaseFormId = `${content.id}-purchase-form`;
  const auth: CheckoutAuthProps = {
    sourceLabel: content.sourceLabel,
    submitText: PURCHASE_BUTTON_TEXT,
    intent: { productKey: content.product.productKey, ...(promotion ? { promotionCode: promotion.code } : {}) },
    idPrefix: `${content.id}-auth`,
    path: location.pathname + location.search,
  };
  // The panel already says she has it: the refusal of a second purchase is not repeated above.
  const alert = owned && error === alreadyOwnedMessage(content.product.name) ? undefined : error;

  return (
    <main id="main">
      <PageHero eyebrow="Checkout" title={content.title} intro={checkoutIntro(content, { signedIn, alreadySubscribed, alreadyOwned })} />

      <div className="container-page py-12 sm:py-16">
        {showCancelled || alert ? (
          <div className="mb-10 flex max-w-3xl flex-col gap-4" data-drop-query={cancelled ? "cancelled" : undefined}>
            {showCancelled && !alert ? <Alert variant="warning">{CHECKOUT_MESSAGES.cancelled}</Alert> : null}
            {alert ? <Alert variant="destructive">{alert}</Alert> : null}
          </div>
        ) : null}
        {/* On a narrow screen the code's field is below the price card and the steps: a code from a
            link that does not apply is said at the top too, beside the full price. */}
        {promotionError && !alert ? (
          <div className="mb-8 max-w-3xl lg:hidden">
            <Alert variant="warning" role="status">
              {promotionError}
            </Alert>
          </div>
        ) : null}

        <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_28rem] lg:items-start lg:gap-14">
          <div className="flex flex-col gap-10">
            <PriceCard content={content} promotion={promotion} plan={plan} />

            <section aria-labelledby={`${content.id}-steps`}>
              <h2 id={`${content.id}-steps`} className="text-3xl">
                {content.steps.heading}
              </h2>
              <ol className="mt-6 flex flex-col gap-4">
                {(signedIn ? content.steps.memberItems : content.steps.items).map((step, i) => (
                  <li key={step} className="flex items-start gap-4">
                    <span
                      aria-hidden="true"
                      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-800"
                    >
                      {i + 1}
                    </span>
                    <span className="pt-1 text-lg text-ink">{step}</span>
                  </li>
                ))}
              </ol>
            </section>

            <section aria-labelledby={`${content.id}-included`}>
              <h2 id={`${content.id}-included`} className="text-3xl">
                {content.included.heading}
              </h2>
              <ul className="mt-6 grid gap-3 sm:grid-cols-2">
                {content.included.items.map((item) => (
                  <li key={item} className="flex items-start gap-3 text-base text-ink">
                    <CheckIcon className="mt-0.5 size-5 shrink-0 text-brand-700" strokeWidth={2.5} />
                    <span>{item}</span>
                  </li>
                ))}
              </ul>
            </section>
          </div>

          <aside aria-labelledby={headingId} className="lg:sticky lg:top-28">
            {signedIn && alreadySubscribed ? null : (
              <PromotionCodeForm action={action} promotion={promotion} error={promotionError} typed={promotionTyped} formId={`${content.id}-promotion`} />
            )}
            <div className="rounded-3xl border border-sand-200 bg-white p-6 shadow-md sm:p-8">
              <h2 id={headingId} className="sr-only">
                {signedIn ? "Complete your purchase" : "Create your account or log in"}
              </h2>
              {offerPlan && plan ? (
                <PlanChoice
                  product={content.product}
                  plan={plan}
                  formId={signedIn ? purchaseFormId : checkoutAuthFormId(auth.idPrefix)}
                  name={signedIn ? PLAN_FIELD : `intent.${PLAN_FIELD}`}
                  idPrefix={content.id}
                />
              ) : null}
              {signedIn && alreadySubscribed ? (
                <div className="flex flex-col gap-5">
                  <p className="font-display text-xl font-semibold text-ink">{content.product.name}</p>
                  <Alert variant="info" role="status">
                    {alreadySubscribedMessage(content.product.name)}
                  </Alert>
                  <Link to="/settings" className="btn btn-outline btn-lg w-full">
                    Go to account settings
                  </Link>
                </div>
              ) : owned ? (
                <SecondPurchase content={content} action={action} promotion={promotion} />
              ) : signedIn ? (
                <form id={purchaseFormId} method="post" action={action} className="flex flex-col gap-5" data-pending-submit="">
                  <p className="font-display text-xl font-semibold text-ink">{content.product.name}</p>
                  <p className="text-base text-ink-muted">
                    You&apos;re logged in{email ? (
                      <>
                        {" "}as <strong className="text-ink">{email}</strong>
                      </>
                    ) : null}
                    . You&apos;ll pay securely on our payment provider&apos;s page.
                  </p>
                  <input type="hidden" name="purchase" value={content.product.productKey} />
                  <PromotionInput promotion={promotion} />
                  <Button type="submit" size="lg" className="w-full">
                    {PURCHASE_BUTTON_TEXT}
                  </Button>
                </form>
              ) : (
                <CheckoutAuth
                  props={auth}
                  afterAuth={
                    // Posted by the browser script once she has signed up or logged in: the new
                    // session starts the payment, as the button would (the plan is added then).
                    <form {...{ [AFTER_AUTH_ATTRIBUTE]: "" }} method="post" action={action} hidden>
                      <input type="hidden" name="purchase" value={content.product.productKey} />
                      <PromotionInput promotion={promotion} />
                    </form>
                  }
                />
              )}
              <p className="mt-6 border-t border-sand-200 pt-5 text-sm text-ink-muted">
                By signing up or completing your purchase, you accept our{" "}
                <Link to="/terms" className="link">
                  Terms and Conditions
                </Link>{" "}
                and{" "}
                <Link to="/privacy" className="link">
                  Privacy Policy
                </Link>
                .
              </p>
            </div>
            <p className="mt-5 flex items-start gap-3 rounded-2xl bg-sand-100 p-4 text-sm text-ink">
              <ShieldIcon className="mt-0.5 size-5 shrink-0 text-brand-700" />
              <span>{PRIVACY_NOTE}</span>
            </p>
          </aside>
        </div>
      </div>
    </main>
  );
}

/**
 * docs/product.md §8.1: she already has this course. The way to it comes first; buying it again
 * is possible, as a second, separate purchase, once she ticks the box (the server checks it too).
 */
function SecondPurchase({ content, action, promotion }: { content: CheckoutContent; action: string; promotion: PromotionPricing | null }) {
  const name = content.product.name;
  const confirmId = `${content.id}-confirm-second-purchase`;
  return (
    <div className="flex flex-col gap-5">
      <p className="font-display text-xl font-semibold text-ink">{name}</p>
      <Alert variant="info" role="status">
        {alreadyOwnedMessage(name)}
      </Alert>
      {content.coursePath ? (
        <Link to={content.coursePath} className="btn btn-primary btn-lg w-full">
          Go to your course
        </Link>
      ) : null}
      <form method="post" action={action} className="flex flex-col gap-4 border-t border-sand-200 pt-5" data-pending-submit="">
        <input type="hidden" name="purchase" value={content.product.productKey} />
        <PromotionInput promotion={promotion} />
        <div className="flex items-start gap-3">
          <input
            id={confirmId}
            type="checkbox"
            name={CONFIRM_SECOND_PURCHASE.name}
            value={CONFIRM_SECOND_PURCHASE.value}
            required
            className="mt-0.5 size-5 shrink-0 cursor-pointer accent-brand-700"
          />
          <label htmlFor={confirmId} className="text-base text-ink">
            {confirmSecondPurchaseLabel(name)}
          </label>
        </div>
        <Button type="submit" variant="outline" size="lg" className="w-full">
          Buy it again
        </Button>
      </form>
    </div>
  );
}

/** The applied code, posted with the purchase so the server checks it again (it decides, not the page). */
function PromotionInput({ promotion }: { promotion: PromotionPricing | null }) {
  return promotion ? <input type="hidden" name={PROMOTION_CODE_FIELD} value={promotion.code} /> : null;
}

/**
 * 'Promotion code' and 'Apply' (docs/product.md §8.9): a GET of this page with ?code=, so it works
 * before JavaScript loads and a link with the code lands here the same way. The answer is on the
 * page: the reduced price, or which way the code does not apply.
 */
function PromotionCodeForm({ action, promotion, error, typed, formId }: { action: string; promotion: PromotionPricing | null; error: string | null; typed: string; formId: string }) {
  if (promotion) {
    return (
      <div className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-brand-200 bg-brand-50 px-5 py-4">
        <p role="status" className="text-base text-ink">
          <strong className="font-semibold">{promotion.code}</strong> applied: you save {formatPrice(promotion.discountPence)}{promotion.duration === "once" ? "" : " a month"}.
        </p>
        <Link to={action} className="link text-base">
          Remove code
        </Link>
      </div>
    );
  }
  return (
    <form method="get" action={action} className="mb-5 rounded-2xl border border-sand-200 bg-white px-5 py-4">
      <FormField label="Promotion code" name={PROMOTION_CODE_FIELD} id={`${formId}-code`} error={error}>
        {(control) => (
          <div className="flex gap-3">
            <Input
              {...control}
              defaultValue={typed}
              maxLength={PROMOTION_CODE_INPUT_MAX}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              className="min-w-0 flex-1 uppercase"
            />
            <Button type="submit" variant="outline">
              Apply
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}

/**
 * 'How would you like to pay?' (docs/product.md §8.11): in one payment, or in monthly payments
 * whose amounts are shown exactly. The radios belong to the form that starts the payment (`form`):
 * the purchase form when she is signed in; signed out, the auth form, as `intent.plan`, which the
 * server reads when it starts the payment straight after sign-up or log-in.
 */
function PlanChoice({
  product,
  plan,
  formId,
  name,
  idPrefix,
}: {
  product: CheckoutContent["product"];
  plan: InstalmentPlan;
  formId: string;
  name: string;
  idPrefix: string;
}) {
  const choices = planChoices(product, plan);
  const options = [
    { value: "full", checked: true, ...choices.full },
    { value: PLAN_INSTALMENTS, checked: false, ...choices.instalments },
  ];
  return (
    <fieldset className="mb-6 flex flex-col gap-3 border-b border-sand-200 pb-6">
      <legend className="mb-3 font-display text-xl font-semibold text-ink">How would you like to pay?</legend>
      {options.map((option) => {
        const id = `${idPrefix}-plan-${option.value}`;
        return (
          <label
            key={option.value}
            htmlFor={id}
            className="flex cursor-pointer items-start gap-3 rounded-2xl border border-sand-200 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
          >
            <input
              id={id}
              type="radio"
              name={name}
              value={option.value}
              form={formId}
              defaultChecked={option.checked}
              className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-700"
            />
            <span className="flex flex-col gap-1">
              <span className="text-lg font-semibold text-ink">{option.label}</span>
              <span className="text-base text-ink-muted">{option.detail}</span>
            </span>
          </label>
        );
      })}
    </fieldset>
  );
}

function PriceCard({ content, promotion, plan }: { content: CheckoutContent; promotion: PromotionPricing | null; plan: InstalmentPlan | null }) {
  const { product } = content;
  const discounted = promotion ? promotionPriceCard(product, promotion) : null;
  const priceCard = discounted ?? content.priceCard;
  return (
    <section
      aria-labelledby={`${content.id}-price`}
      className="rounded-[2rem] border border-brand-800 bg-brand-800 p-7 text-sand-100 shadow-xl sm:p-9 on-dark"
    >
      <h2 id={`${content.id}-price`} className="text-2xl text-white sm:text-3xl">
        {product.name}
      </h2>
      <p className="mt-5 flex flex-wrap items-baseline gap-2">
        {discounted ? (
          <s className="font-display text-3xl leading-none text-brand-200 sm:text-4xl">
            <span className="sr-only">Was </span>
            {discounted.was}
          </s>
        ) : null}
        <span className="font-display text-5xl leading-none font-semibold tracking-tight text-white sm:text-6xl">
          {discounted ? <span className="sr-only">Now </span> : null}
          {priceCard.price}
        </span>
        <span className="text-lg text-brand-100">{priceCard.unit}</span>
      </p>
      {discounted ? <p className="mt-4 text-lg font-semibold text-white">{discounted.saving}</p> : null}
      <p className="mt-4 text-base text-brand-100">{priceCard.note}</p>
      {plan && !discounted ? <p className="mt-2 text-base font-semibold text-white">{planPriceNote(plan)}</p> : null}
    </section>
  );
}
