-- GET /r/ renders recorded how they were asked for in `origin` ('url-render' | 'signed-url'); that moves to `via`
-- and `origin` becomes the contract's 'template', as the render's command always said.
ALTER TABLE "renders" ADD COLUMN "via" text;--> statement-breakpoint
UPDATE "renders" SET "via" = "origin", "origin" = 'template' WHERE "origin" IN ('url-render', 'signed-url');
