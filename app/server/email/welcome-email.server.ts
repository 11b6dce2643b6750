import { and, asc, eq } from "drizzle-orm";
import { getServerEnv, getSiteConfig } from "~/config/env.server";
import type { Queryable } from "~/server/db/client.server";
import { appSettings, courseLessons, courseModules } from "~/server/db/schema";
import { logger } from "~/server/core/logger.server";
import { formatStartsAt } from "~/utils/format";
import { formatDueDay, londonDay } from "~/utils/working-days";
import { WelcomeEmailSettingsSchema, WEEKDAYS, type WelcomeEmailSettings } from "~/validation/welcome-email";
import { renderLayout } from "./layout.server";
import type { RenderedEmail } from "./sale-template-kit.server";

// Learn to Lift's welcome email (docs/product.md §18.6, decision 258): a few days before her
// cohort starts, her first week's two workouts and the weekly group video call's day and time, as
// the receipt promised. The coach writes the opening words and sets the call on the Emails tab;
// they are kept in app_settings, and until she saves her own the installed wording stands.

export const WELCOME_SETTINGS_KEY = "emails.cohort_welcome";

export const DEFAULT_WELCOME_SETTINGS: WelcomeEmailSettings = {
  message:
    "Your course starts in a few days, and I'm so glad you're joining us. Below are your first week's two workouts and the time of our weekly group video call.\n\nTake the first week gently: the aim is to learn the movements and enjoy them, not to wear yourself out. If anything worries you, just reply to this email.",
  callDay: "Tuesday",
  callTime: "19:00",
  callUrl: "",
};

/** The coach's saved settings, or the installed ones (a stored value the schema refuses is ignored and logged). */
export async function readWelcomeSettings(q: Queryable): Promise<WelcomeEmailSettings & { saved: boolean }> {
  const [row] = await q.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, WELCOME_SETTINGS_KEY)).limit(1);
  if (!row) return { ...DEFAULT_WELCOME_SETTINGS, saved: false };
  const parsed = WelcomeEmailSettingsSchema.safeParse(row.value);
  if (!parsed.success) {
    logger.warn("welcome email: stored settings ignored", { reason: parsed.error.issues[0]?.message });
    return { ...DEFAULT_WELCOME_SETTINGS, saved: false };
  }
  return { ...parsed.data, saved: true };
}

/** Saves the coach's settings (already parsed with WelcomeEmailSettingsSchema). */
export async function writeWelcomeSettings(q: Queryable, settings: WelcomeEmailSettings): Promise<void> {
  const value = { message: settings.message, callDay: settings.callDay, callTime: settings.callTime, callUrl: settings.callUrl };
  await q.insert(appSettings).values({ key: WELCOME_SETTINGS_KEY, value }).onConflictDoUpdate({ target: appSettings.key, set: { value, updatedAt: new Date() } });
}

export interface Workout {
  title: string;
  url: string;
}

/** Her first week's workouts: the first two lessons of the module that opens in week 1. */
export async function firstWeekWorkouts(q: Queryable): Promise<Workout[]> {
  const rows = await q
    .select({ moduleSlug: courseModules.slug, lessonSlug: courseLessons.slug, title: courseLessons.title })
    .from(courseLessons)
    .innerJoin(courseModules, eq(courseModules.id, courseLessons.moduleId))
    .where(and(eq(courseModules.courseKey, "learn-to-lift"), eq(courseModules.opensWeek, 1)))
    .orderBy(asc(courseModules.position), asc(courseLessons.position))
    .limit(2);
  const origin = getServerEnv().SITE_ORIGIN;
  return rows.map((r) => ({ title: r.title, url: `${origin}/learn/learn-to-lift/${r.moduleSlug}/${r.lessonSlug}` }));
}

/** "19:00" → "7:00pm". */
export function formatCallTime(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")}${h < 12 ? "am" : "pm"}`;
}

/** The first call: the call's weekday on or after the cohort's first day (UK), "Tuesday 12 January 2027". */
export function firstCallDay(cohortStart: Date, callDay: WelcomeEmailSettings["callDay"]): string {
  const start = new Date(`${londonDay(cohortStart)}T12:00:00Z`);
  const want = (WEEKDAYS.indexOf(callDay) + 1) % 7; // Monday = 1 … Sunday = 0, as getUTCDay counts
  const ahead = (want - start.getUTCDay() + 7) % 7;
  start.setUTCDate(start.getUTCDate() + ahead);
  return formatDueDay(start.toISOString().slice(0, 10));
}

export interface WelcomeData {
  firstName: string | null;
  productName: string;
  cohortStart: Date;
  workouts: Workout[];
  settings: WelcomeEmailSettings;
}

export function renderCohortWelcome(data: WelcomeData): RenderedEmail {
  const site = getSiteConfig();
  const origin = getServerEnv().SITE_ORIGIN;
  const start = formatStartsAt(data.cohortStart);
  const first = (data.firstName ?? "").trim().split(/\s+/)[0];
  const time = formatCallTime(data.settings.callTime);
  const words = data.settings.message
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, " ").trim())
    .filter(Boolean);
  const [one, two] = data.workouts;
  const workouts =
    one && two
      ? { bullets: [`${one.title}: ${one.url}`, `${two.title}: ${two.url}`] }
      : { paragraphs: ["Your first week's two workouts open in your course on the day it starts."] };
  return {
    subject: `Welcome to ${data.productName}: your first week and our group call`,
    ...renderLayout({
      preheader: `We start on ${start}. Group call every ${data.settings.callDay} at ${time}.`,
      heading: `Welcome to ${data.productName}: we start on ${start}`,
      paragraphs: [first ? `Hello ${first},` : "Hello,", ...words],
      details: [
        { label: "Course starts", value: start },
        { label: "Weekly group call", value: `Every ${data.settings.callDay} at ${time} (UK time)` },
        { label: "First call", value: `${firstCallDay(data.cohortStart, data.settings.callDay)} at ${time}` },
      ],
      sections: [
        {
          heading: "Your first week's two workouts",
          ...workouts,
          action: { label: "Open my course", url: `${origin}/learn/learn-to-lift` },
        },
        {
          heading: "The weekly group video call",
          paragraphs: [
            `We meet every ${data.settings.callDay} at ${time} (UK time), starting on ${firstCallDay(data.cohortStart, data.settings.callDay)}. Bring your questions, your wins and anything that felt awkward: there's no such thing as a silly question.`,
          ],
          ...(data.settings.callUrl ? { action: { label: "Join the group call", url: data.settings.callUrl } } : {}),
        },
      ],
      footer: `Questions? Just reply to this email or write to ${site.contactEmail}.`,
    }),
  };
}
