// The whole database, one file per part of the site; everything is exported from here, so the
// rest of the code imports "~/server/db/schema" and drizzle-kit reads this file
// (drizzle.config.ts). Better Auth's tables come first; the site's own tables use snake_case column
// names (docs/product.md §13). Every time is a timestamptz; money is integer pence (docs/product.md
// §13 names the column amount_cents).
import type { accountLimits, adminEmailGrants } from "./accounts";
import type { accounts, rateLimits, sessions, twoFactors, users, verifications } from "./auth";
import type { checkoutSessions, paymentCustomers, promotions, promotionUses, subscriptionClaims, subscriptions, testCheckoutSessions, testSubscriptions, webhookEvents } from "./commerce";
import type { courseLessons, courseModules, lessonFiles, memberFiles } from "./courses";
import type { emailMessages, emailSubscribers } from "./email";
import type { adminActivityLog, loginHistory, profiles, purchases, userRoles } from "./members";
import type { appSettings, jobs, serverInstances } from "./platform";

export * from "./auth";
export * from "./members";
export * from "./accounts";
export * from "./commerce";
export * from "./email";
export * from "./platform";
export * from "./courses";
export * from "./follow-ups";
export * from "./analytics";
export * from "./relations";

// ─── Row types ──────────────────────────────────────────────────────────────────────────────────

export type User = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;
export type Session = typeof sessions.$inferSelect;
export type NewSession = typeof sessions.$inferInsert;
export type Account = typeof accounts.$inferSelect;
export type NewAccount = typeof accounts.$inferInsert;
export type Verification = typeof verifications.$inferSelect;
export type NewVerification = typeof verifications.$inferInsert;
export type TwoFactor = typeof twoFactors.$inferSelect;
export type NewTwoFactor = typeof twoFactors.$inferInsert;
export type RateLimit = typeof rateLimits.$inferSelect;
export type NewRateLimit = typeof rateLimits.$inferInsert;
export type Profile = typeof profiles.$inferSelect;
export type NewProfile = typeof profiles.$inferInsert;
export type LoginHistoryEntry = typeof loginHistory.$inferSelect;
export type NewLoginHistoryEntry = typeof loginHistory.$inferInsert;
export type Purchase = typeof purchases.$inferSelect;
export type NewPurchase = typeof purchases.$inferInsert;
export type PaymentCustomer = typeof paymentCustomers.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type NewSubscription = typeof subscriptions.$inferInsert;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type TestCheckoutSession = typeof testCheckoutSessions.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type Promotion = typeof promotions.$inferSelect;
export type PromotionUse = typeof promotionUses.$inferSelect;
export type SubscriptionClaim = typeof subscriptionClaims.$inferSelect;
export type TestSubscription = typeof testSubscriptions.$inferSelect;
export type UserRole = typeof userRoles.$inferSelect;
export type NewUserRole = typeof userRoles.$inferInsert;
export type AdminActivity = typeof adminActivityLog.$inferSelect;
export type NewAdminActivity = typeof adminActivityLog.$inferInsert;
export type EmailSubscriber = typeof emailSubscribers.$inferSelect;
export type ServerInstance = typeof serverInstances.$inferSelect;
export type NewEmailSubscriber = typeof emailSubscribers.$inferInsert;
export type Job = typeof jobs.$inferSelect;
export type EmailMessage = typeof emailMessages.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
export type AppSetting = typeof appSettings.$inferSelect;
export type NewAppSetting = typeof appSettings.$inferInsert;
export type AdminEmailGrant = typeof adminEmailGrants.$inferSelect;
export type AccountLimit = typeof accountLimits.$inferSelect;
export type CourseModule = typeof courseModules.$inferSelect;
export type CourseLesson = typeof courseLessons.$inferSelect;
export type LessonFile = typeof lessonFiles.$inferSelect;
export type MemberFile = typeof memberFiles.$inferSelect;
