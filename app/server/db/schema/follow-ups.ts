import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { timestamptz, createdAt } from "./columns";
import { users } from "./auth";
import { purchases } from "./members";

// Welcome emails and the coach's to-dos.

/**
 * Learn to Lift's welcome email, one row per buyer and cohort: written in the transaction that
 * queues the email, so the primary key is what makes it "once", whichever server sweeps first and
 * however often (docs/decisions/258-cohort-welcome-email.md). `cohort_starts_on` is the cohort's
 * start as the site stores it (an ISO date-time, like course_enrolments.cohort_starts_on).
 */
export const cohortWelcomes = pgTable(
  "cohort_welcomes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    cohortStartsOn: text("cohort_starts_on").notNull(),
    purchaseId: uuid("purchase_id").references(() => purchases.id, { onDelete: "set null" }),
    queuedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.cohortStartsOn] })],
);

/**
 * The coach's to-do after a 1-to-1 sale: write to the client within one working day
 * (docs/decisions/259-one-to-one-follow-up.md). One per purchase; the client's name and address are
 * read from her account, so an account's deletion leaves no copy here.
 */
export const coachFollowUps = pgTable(
  "coach_follow_ups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    purchaseId: uuid("purchase_id")
      .notNull()
      .unique()
      .references(() => purchases.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    boughtAt: timestamptz("bought_at").notNull(),
    /** The working day (UK) by which she writes to the client, YYYY-MM-DD. */
    dueOn: text("due_on").notNull(),
    doneAt: timestamptz("done_at"),
    doneBy: text("done_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("coach_follow_ups_open_idx").on(t.dueOn).where(sql`${t.doneAt} is null`)],
);
