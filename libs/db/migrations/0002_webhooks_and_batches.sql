CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"subscription_uid" text,
	"batch_id" text,
	"owner_id" text NOT NULL,
	"event" text NOT NULL,
	"target_url" text,
	"dedupe_key" text NOT NULL,
	"payload" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"last_response_code" integer,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "webhook_deliveries_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "webhook_subscriptions" (
	"uid" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"event" text NOT NULL,
	"target_url" text NOT NULL,
	"platform" text DEFAULT 'custom' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"filter_template_id" text,
	"filter_binding_id" text,
	"filter_type" text,
	"delivery_count" integer DEFAULT 0 NOT NULL,
	"failure_count" integer DEFAULT 0 NOT NULL,
	"last_delivery_at" timestamp with time zone,
	"last_delivery" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "batch_items" (
	"batch_id" text NOT NULL,
	"seq" integer NOT NULL,
	"row_index" integer NOT NULL,
	"layout" text,
	"variables" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"render_id" text,
	"published_at" timestamp with time zone,
	"url" text,
	"width" integer,
	"height" integer,
	"error" text,
	"error_code" text,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "batch_items_batch_id_seq_pk" PRIMARY KEY("batch_id","seq"),
	CONSTRAINT "batch_items_render_id_unique" UNIQUE("render_id")
);
--> statement-breakpoint
CREATE TABLE "batches" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"template_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"format" text NOT NULL,
	"quality" double precision NOT NULL,
	"concurrency" integer NOT NULL,
	"layouts" jsonb,
	"total_items" integer NOT NULL,
	"csv_url" text,
	"webhook_url" text,
	"webhook_secret_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"announced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_subscription_uid_webhook_subscriptions_uid_fk" FOREIGN KEY ("subscription_uid") REFERENCES "public"."webhook_subscriptions"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "batch_items" ADD CONSTRAINT "batch_items_batch_id_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_subscription_idx" ON "webhook_deliveries" USING btree ("subscription_uid","state");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_owner_idx" ON "webhook_subscriptions" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_subscriptions_match_idx" ON "webhook_subscriptions" USING btree ("owner_id","event","status");--> statement-breakpoint
CREATE INDEX "batch_items_state_idx" ON "batch_items" USING btree ("batch_id","state","seq");--> statement-breakpoint
CREATE INDEX "batches_owner_status_idx" ON "batches" USING btree ("owner_id","status");--> statement-breakpoint
CREATE INDEX "batches_status_idx" ON "batches" USING btree ("status","completed_at");