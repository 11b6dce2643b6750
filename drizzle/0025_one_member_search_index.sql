DROP INDEX "profiles_email_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_first_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_last_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_trgm_idx" ON "profiles" USING gin (lower("email" || ' ' || coalesce("first_name", '') || ' ' || coalesce("last_name", '')) gin_trgm_ops);