CREATE INDEX "email_subscribers_created_at_idx" ON "email_subscribers" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "email_subscribers_email_trgm_idx" ON "email_subscribers" USING gin (lower("email"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_subscriber_id_idx" ON "jobs" USING btree (("payload" ->> 'subscriberId')) WHERE "jobs"."queue" = 'email-marketing';--> statement-breakpoint
CREATE INDEX "purchases_refunded_purchased_at_idx" ON "purchases" USING btree ("purchased_at") WHERE "purchases"."status" <> 'paid';