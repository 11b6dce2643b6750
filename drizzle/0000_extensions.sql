-- Extensions used by the schema: citext (email_subscribers.email) and pg_trgm (admin search indexes).
-- Written by hand: drizzle-kit never emits CREATE EXTENSION. Both are trusted extensions, so a
-- database owner can create them without superuser rights (PostgreSQL 13+).
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
