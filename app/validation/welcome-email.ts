import { z } from "zod";

// The Emails tab's form for Learn to Lift's welcome email (docs/product.md §18.6): the coach's own
// words and the weekly group video call's day and time (UK time). The server parses with the
// same schema and stores nothing it refuses.

export const WEEKDAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export const WELCOME_MESSAGE_MAX = 3000;

export const WelcomeEmailSettingsSchema = z.object({
  message: z
    .string({ error: "Write the message she'll read at the top of the email." })
    .trim()
    .min(1, { error: "Write the message she'll read at the top of the email." })
    .max(WELCOME_MESSAGE_MAX, { error: `Keep the message under ${WELCOME_MESSAGE_MAX.toLocaleString("en-GB")} characters.` }),
  callDay: z.enum(WEEKDAYS, { error: "Choose the day of the weekly group call." }),
  callTime: z.string({ error: "Enter the call's time as hh:mm, such as 19:00." }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Enter the call's time as hh:mm, such as 19:00." }),
  /** The call's joining link (Zoom, Google Meet…); empty when she sends it another way. */
  callUrl: z
    .string()
    .trim()
    .max(500, { error: "The call's link should start with https:// and be under 500 characters." })
    .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/.test(v), { error: "The call's link should start with https:// and be under 500 characters." })
    .default(""),
});

export type WelcomeEmailSettings = z.output<typeof WelcomeEmailSettingsSchema>;

export const SaveWelcomeEmailSchema = WelcomeEmailSettingsSchema.extend({ intent: z.literal("save-welcome", { error: "Unknown action." }) });
