-- Renders record the delivery that claimed them, its maximum and the worker's lease, so the scheduler can fail a render
-- whose last delivery died (ADR 0064); and whether a gateway's command was confirmed on the bus (ADR 0065). Existing
-- rows count as published.
ALTER TABLE "renders" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "max_attempts" integer;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "renders_unfinished_idx" ON "renders" USING btree ("state","created_at") WHERE "renders"."state" IN ('queued', 'rendering');