import { data } from "react-router";
import type { Route } from "./+types/offers";
import { OffersTab, type OffersActionData } from "~/components/admin/offers-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { loadOffersTab, offerProductKeys, offersCohortDate, resetOfferToInstalled, saveOffers, type OfferChange } from "~/server/admin/offers.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import {
  COHORT_DATE_FIELD,
  OFFERS_INTENTS,
  OFFERS_MESSAGES,
  parseOffersUpdate,
  parseResetTarget,
  priceField,
  RESET_TARGET_FIELD,
} from "~/validation/offers";

// /settings/admin/offers: the Offers tab (docs/product.md §10.10, §5.1, §10.1) and its two forms.
//   intent=update-offers  price:<productKey> (pounds) for every product, and nextCohortDate
//                         (UK time); only values that differ from those in force are written.
//   intent=reset-offer    target=price:<productKey> or nextCohortDate: back to the installed value.
// The admin is checked on the server first (a visitor or member is sent home with the message of docs/product.md §10.1
// and nothing changes). Success: back to the tab with the 'Offers updated' toast. A refused form
// answers 400 with a message per field and changes nothing; without JavaScript the browser shows
// the tab again with them. Decision: docs/decisions/131-offers-tab.md.

const BACK_TO_TAB = "/settings/admin/offers";
const SAVE_FAILED = "The offers could not be saved just now. Please try again in a moment.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { offers: await loadTab("offers", () => loadOffersTab()) };
}

function refused(result: Omit<OffersActionData, "ok">, status = 400) {
  return data<OffersActionData>({ ok: false, ...result }, { status });
}

/** Only the form's own fields are echoed back, each cut to a sane length. */
function typedValues(form: FormData, productKeys: readonly string[]): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of [...productKeys.map(priceField), COHORT_DATE_FIELD]) {
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 40);
  }
  return values;
}

function succeeded(changes: OfferChange[]) {
  if (changes.length === 0) {
    return redirectWithToast(BACK_TO_TAB, { title: "No changes", description: "The prices and the cohort date were already as shown.", variant: "info" }, { status: 303 });
  }
  const description = changes.map((c) => c.summary).join("; ");
  return redirectWithToast(
    BACK_TO_TAB,
    { title: "Offers updated", description: description.length > 480 ? `${description.slice(0, 477)}...` : description, variant: "success" },
    { status: 303 },
  );
}

export async function action({ request }: Route.ActionArgs) {
  // docs/product.md §10.1: every admin action checks the role again on the server.
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return refused({ errors: {}, values: {}, formError: read.message }, read.status);
  const { form } = read;
  const productKeys = offerProductKeys();
  const values = typedValues(form, productKeys);
  try {
    const intent = formIntent(form, [OFFERS_INTENTS.update, OFFERS_INTENTS.reset]);
    if (intent === OFFERS_INTENTS.update) {
      const input = Object.fromEntries([...form.entries()].filter((entry): entry is [string, string] => typeof entry[1] === "string"));
      const parsed = parseOffersUpdate(input, { productKeys, currentCohortDate: await offersCohortDate() });
      if (!parsed.ok) return refused({ errors: parsed.errors, values, formError: null });
      return await succeeded(await saveOffers(admin.id, { prices: parsed.prices, nextCohortDate: parsed.nextCohortDate }));
    }
    if (intent === OFFERS_INTENTS.reset) {
      const target = parseResetTarget(form.get(RESET_TARGET_FIELD), productKeys);
      if (!target) return refused({ errors: {}, values, formError: OFFERS_MESSAGES.unknownTarget });
      return await succeeded(await resetOfferToInstalled(admin.id, target));
    }
    return refused({ errors: {}, values, formError: OFFERS_MESSAGES.unknownIntent });
  } catch (error) {
    logger.error("admin: could not change the offers", { error, adminId: admin.id });
    return refused({ errors: {}, values, formError: SAVE_FAILED }, 500);
  }
}

export default function OffersRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { offers } = loaderData;
  return offers ? <OffersTab data={offers} result={actionData ?? null} /> : <TabFailed tab="offers" />;
}
