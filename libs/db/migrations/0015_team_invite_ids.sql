-- Invitations made before this migration get a random id (nullable first, so existing rows can be filled).
ALTER TABLE "team_invites" ADD COLUMN "id" text;--> statement-breakpoint
UPDATE "team_invites" SET "id" = 'inv_' || substr(md5(random()::text || "token_hash"), 1, 24) WHERE "id" IS NULL;--> statement-breakpoint
ALTER TABLE "team_invites" ALTER COLUMN "id" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "team_invites_team_idx" ON "team_invites" USING btree ("team_id");--> statement-breakpoint
ALTER TABLE "team_invites" ADD CONSTRAINT "team_invites_id_unique" UNIQUE("id");
