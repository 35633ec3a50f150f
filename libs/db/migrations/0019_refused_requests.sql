CREATE TABLE "refused_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"account_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"method" text NOT NULL,
	"path" text NOT NULL,
	"status" integer NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"errors" jsonb,
	"key_id" text
);
--> statement-breakpoint
CREATE INDEX "refused_requests_owner_idx" ON "refused_requests" USING btree ("owner_id","id");