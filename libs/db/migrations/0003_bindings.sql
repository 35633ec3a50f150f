CREATE TABLE "bindings" (
	"uid" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"name" text NOT NULL,
	"template_id" text NOT NULL,
	"data_source" jsonb NOT NULL,
	"credentials_ciphertext" text,
	"mapping" jsonb NOT NULL,
	"defaults" jsonb NOT NULL,
	"refresh_policy" jsonb NOT NULL,
	"output_config" jsonb NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"trigger_token_ciphertext" text NOT NULL,
	"next_refresh_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"pending_trigger" text,
	"pending_render_id" text,
	"current_render_id" text,
	"current_storage_key" text,
	"current_content_type" text,
	"current_image_url" text,
	"source_etag" text,
	"variables_hash" text,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_code" text,
	"last_error_at" timestamp with time zone,
	"last_refresh_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "bindings_owner_idx" ON "bindings" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "bindings_due_idx" ON "bindings" USING btree ("next_refresh_at");--> statement-breakpoint
CREATE INDEX "bindings_pending_render_idx" ON "bindings" USING btree ("pending_render_id");