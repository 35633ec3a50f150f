ALTER TABLE "renders" ADD COLUMN "cost" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "details" jsonb;