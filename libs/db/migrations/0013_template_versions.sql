CREATE TABLE "template_versions" (
	"id" text PRIMARY KEY NOT NULL,
	"template_uid" text NOT NULL,
	"owner_id" text NOT NULL,
	"number" integer NOT NULL,
	"created_by" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"thumbnail" text,
	"thumbnail_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "template_versions" ADD CONSTRAINT "template_versions_template_uid_templates_uid_fk" FOREIGN KEY ("template_uid") REFERENCES "public"."templates"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_versions_template_number_idx" ON "template_versions" USING btree ("template_uid","number");