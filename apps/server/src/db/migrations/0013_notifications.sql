CREATE TABLE "notification_consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"opted_in" boolean NOT NULL,
	"source" text NOT NULL,
	"phone" text,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"channel" text NOT NULL,
	"event" text NOT NULL,
	"template" text NOT NULL,
	"params" jsonb NOT NULL,
	"body" text NOT NULL,
	"to_phone" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"capped" boolean DEFAULT true NOT NULL,
	"provider" text,
	"provider_message_id" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"error_code" text,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"phone" text,
	"sms_opt_in" boolean DEFAULT false NOT NULL,
	"sms_changed_at" timestamp with time zone,
	"sms_source" text,
	"whatsapp_opt_in" boolean DEFAULT false NOT NULL,
	"whatsapp_changed_at" timestamp with time zone,
	"whatsapp_source" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_consent_events" ADD CONSTRAINT "notification_consent_events_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_messages" ADD CONSTRAINT "notification_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_consent_events_user_idx" ON "notification_consent_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_dedupe_key" ON "notification_messages" USING btree ("dedupe_key");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_messages_provider_id_key" ON "notification_messages" USING btree ("provider","provider_message_id");--> statement-breakpoint
CREATE INDEX "notification_messages_user_day_idx" ON "notification_messages" USING btree ("user_id","channel","queued_at");--> statement-breakpoint
CREATE INDEX "notification_messages_due_idx" ON "notification_messages" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_preferences_phone_idx" ON "notification_preferences" USING btree ("phone");