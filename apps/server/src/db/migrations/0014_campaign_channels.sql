CREATE TABLE "campaign_sms_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"phone" text NOT NULL,
	"body" text NOT NULL,
	"sender_name" text DEFAULT '' NOT NULL,
	"sender_number" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"ai_score" integer DEFAULT 0 NOT NULL,
	"cost_centavos" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"provider_message_id" text,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "campaign_type" text DEFAULT 'reactivation' NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "sms_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "budget_centavos" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "ends_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "remarketing_logs" ADD COLUMN "cost_centavos" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_sms_messages" ADD CONSTRAINT "campaign_sms_messages_campaign_id_remarketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."remarketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_sms_messages" ADD CONSTRAINT "campaign_sms_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_sms_messages_campaign_user_idx" ON "campaign_sms_messages" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "campaign_sms_messages_due_idx" ON "campaign_sms_messages" USING btree ("status","not_before");--> statement-breakpoint
CREATE INDEX "campaign_sms_messages_user_idx" ON "campaign_sms_messages" USING btree ("user_id","queued_at");