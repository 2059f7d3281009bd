ALTER TABLE "payouts" ADD COLUMN "unsent_attempts" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "sent_via" text;--> statement-breakpoint
ALTER TABLE "pix_provider_config" ADD COLUMN "active_config" jsonb;--> statement-breakpoint
ALTER TABLE "pix_provider_config" ADD COLUMN "activation_tracked" boolean DEFAULT false NOT NULL;