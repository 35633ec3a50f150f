CREATE TABLE "plan_settings" (
	"owner_id" text PRIMARY KEY NOT NULL,
	"per_minute" integer,
	"per_day" integer,
	"render_credits" double precision,
	"ai_credits" double precision,
	"overage" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_counters" (
	"owner_id" text NOT NULL,
	"scope" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_counters_owner_id_scope_window_start_pk" PRIMARY KEY("owner_id","scope","window_start")
);
--> statement-breakpoint
CREATE TABLE "url_render_cache" (
	"owner_id" text NOT NULL,
	"cache_key" text NOT NULL,
	"render_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "url_render_cache_owner_id_cache_key_pk" PRIMARY KEY("owner_id","cache_key")
);
