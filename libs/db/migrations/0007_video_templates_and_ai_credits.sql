CREATE TABLE "ai_credit_usage" (
	"owner_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"used" double precision DEFAULT 0 NOT NULL,
	CONSTRAINT "ai_credit_usage_owner_id_period_start_pk" PRIMARY KEY("owner_id","period_start")
);
--> statement-breakpoint
CREATE TABLE "video_templates" (
	"uid" text PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"tsx" text,
	"project_json" jsonb,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"fps" integer NOT NULL,
	"duration_in_frames" integer NOT NULL,
	"variable_definitions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "video_templates_owner_created_idx" ON "video_templates" USING btree ("owner_id","created_at");