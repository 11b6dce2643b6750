import { data } from "react-router";
import type { Route } from "./+types/promotions";
import { PromotionsTab, type PromotionsActionData } from "~/components/admin/promotions-tab";
import { TabFailed } from "~/components/admin/tab-failed";
import { createPromotion, discountLabel, loadPromotionsTab, turnOffPromotion } from "~/server/admin/promotions.server";
import { loadTab } from "~/server/admin/tab-data.server";
import { effectiveCatalogue } from "~/server/payments/catalogue.server";
import { requireAdmin } from "~/server/auth/guards.server";
import { formIntent, readForm } from "~/server/http/form-action.server";
import { logger } from "~/server/core/logger.server";
import { redirectWithToast } from "~/server/core/toast.server";
import { z } from "~/validation/zod";
import { newPromotionSchema, PROMOTION_FIELDS, PROMOTIONS_INTENTS, PROMOTIONS_MESSAGES } from "~/validation/promotions";

// /settings/admin/promotions: the Promotions tab (docs/product.md §8.9) and its two forms.
//   intent=create-promotion    code, percentOff or amountOff (pounds), appliesTo (one per offer),
//                              expires (a date, UK), limit, duration (once | repeating | forever)
//                              and durationMonths.
//   intent=turn-off-promotion  promotionId.
// Admins only, checked again here. A refused form answers 400 with the message next to its field
// and what was typed, and changes nothing; success is back to the tab with a toast.

const BACK_TO_TAB = "/settings/admin/promotions";
const SAVE_FAILED = "The promotion could not be saved just now. Please try again in a moment.";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { promotions: await loadTab("promotions", () => loadPromotionsTab()) };
}

function refused(field: string | null, message: string, values: PromotionsActionData["values"] = {}, status = 400) {
  return data<PromotionsActionData>({ ok: false, field, message, values }, { status });
}

/** The form's own fields, as typed, each cut to a sane length, to show again with a message. */
function typedValues(form: FormData): PromotionsActionData["values"] {
  const values: PromotionsActionData["values"] = {};
  for (const name of Object.values(PROMOTION_FIELDS)) {
    if (name === PROMOTION_FIELDS.appliesTo) {
      values[name] = form.getAll(name).filter((v): v is string => typeof v === "string").slice(0, 10).map((v) => v.slice(0, 60));
      continue;
    }
    const value = form.get(name);
    if (typeof value === "string") values[name] = value.slice(0, 60);
  }
  return values;
}

const TurnOffSchema = z.object({ promotionId: z.uuid() });

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const read = await readForm(request);
  if (!read.ok) return refused(null, read.message, {}, read.status);
  const { form } = read;
  const intent = formIntent(form, [PROMOTIONS_INTENTS.create, PROMOTIONS_INTENTS.turnOff]);
  try {
    if (intent === PROMOTIONS_INTENTS.create) {
      const values = typedValues(form);
      const catalogue = await effectiveCatalogue();
      const parsed = newPromotionSchema(
        catalogue.map((p) => p.productKey),
        new Date(),
      ).safeParse({ ...values, [PROMOTION_FIELDS.appliesTo]: form.getAll(PROMOTION_FIELDS.appliesTo).filter((v) => typeof v === "string") });
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.find((part) => typeof part === "string");
        return refused(typeof field === "string" ? field : null, issue?.message ?? SAVE_FAILED, values);
      }
      const created = await createPromotion(admin.id, parsed.data);
      if (!created.ok) return refused(created.field, created.message, values);
      return redirectWithToast(
        BACK_TO_TAB,
        { title: "Promotion saved", description: `${created.code} (${discountLabel(parsed.data)}) works from now on.`, variant: "success" },
        { status: 303 },
      );
    }
    if (intent === PROMOTIONS_INTENTS.turnOff) {
      const parsed = TurnOffSchema.safeParse({ promotionId: form.get("promotionId") });
      if (!parsed.success) return refused(null, PROMOTIONS_MESSAGES.unknownPromotion, {}, 404);
      const off = await turnOffPromotion(admin.id, parsed.data.promotionId);
      if (!off.ok) return refused(null, off.message, {}, 404);
      return redirectWithToast(
        BACK_TO_TAB,
        off.changed
          ? { title: "Promotion turned off", description: `${off.code} no longer works at checkout.`, variant: "success" }
          : { title: "Already off", description: `${off.code} was already turned off.`, variant: "info" },
        { status: 303 },
      );
    }
    return refused(null, "Unknown action. Please reload the page and try again.");
  } catch (error) {
    logger.error("admin: could not change a promotion", { error, adminId: admin.id });
    return refused(null, SAVE_FAILED, typedValues(form), 500);
  }
}

export default function PromotionsRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { promotions } = loaderData;
  return promotions ? <PromotionsTab data={promotions} result={actionData ?? null} /> : <TabFailed tab="promotions" />;
}
