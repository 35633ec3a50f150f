-- Deliveries now keep when their latest attempt's outcome was recorded, and which delivery a redelivery repeats.
-- Earlier rows get the attempt times that are known exactly: a delivered or failed delivery's last outcome was recorded
-- with its finished_at, and a subscription's last_delivery names its latest attempt and when it was (a retry still
-- pending, say). Any other tried row stays null (the dashboard says its time was not recorded); redelivery_of is
-- unknown for earlier redeliveries and stays null.
ALTER TABLE "webhook_deliveries" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "redelivery_of" text;--> statement-breakpoint
UPDATE "webhook_deliveries" SET "last_attempt_at" = "finished_at" WHERE "state" IN ('delivered', 'failed') AND "attempt" > 0;--> statement-breakpoint
UPDATE "webhook_deliveries" AS d SET "last_attempt_at" = (s."last_delivery"->>'timestamp')::timestamptz
  FROM "webhook_subscriptions" AS s
  WHERE s."uid" = d."subscription_uid" AND s."last_delivery"->>'deliveryId' = d."id" AND d."last_attempt_at" IS NULL AND d."attempt" > 0;
