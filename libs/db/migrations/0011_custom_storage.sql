CREATE TABLE "custom_storages" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"endpoint" text,
	"region" text NOT NULL,
	"bucket" text NOT NULL,
	"force_path_style" boolean DEFAULT false NOT NULL,
	"prefix" text DEFAULT '' NOT NULL,
	"public_base_url" text,
	"access_key_id" text NOT NULL,
	"secret_ciphertext" text NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "user_storage_url" text;--> statement-breakpoint
ALTER TABLE "renders" ADD COLUMN "user_storage_error" text;