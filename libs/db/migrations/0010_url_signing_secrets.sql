CREATE TABLE "url_signing_secrets" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"owner_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"max_renders" integer,
	"renders_used" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "url_signing_secrets_account_idx" ON "url_signing_secrets" USING btree ("account_id");