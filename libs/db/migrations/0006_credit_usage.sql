CREATE TABLE "credit_usage" (
	"owner_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "credit_usage_owner_id_period_start_pk" PRIMARY KEY("owner_id","period_start")
);
--> statement-breakpoint
UPDATE "renders" SET "cost" = 0 WHERE "origin" = 'binding';
--> statement-breakpoint
INSERT INTO "credit_usage" ("owner_id", "period_start", "used")
SELECT "owner_id", date_trunc('month', "created_at" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC', SUM("cost")
FROM "renders" WHERE "state" IN ('queued', 'rendering', 'done') AND "cost" > 0
GROUP BY 1, 2;
