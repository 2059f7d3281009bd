CREATE TABLE "external_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"connection_name" text NOT NULL,
	"connection_type" text NOT NULL,
	"service_name" text NOT NULL,
	"config_sealed" text NOT NULL,
	"config_masked" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"events" text[] DEFAULT '{}' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "marketing_consent" (
	"user_id" text PRIMARY KEY NOT NULL,
	"accepted" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_provider_config" (
	"id" text PRIMARY KEY NOT NULL,
	"client_id" text,
	"client_secret_sealed" text,
	"chave_pix" text,
	"environment" text DEFAULT 'sandbox' NOT NULL,
	"cert_sealed" text,
	"cert_password_sealed" text,
	"cert_filename" text,
	"cert_subject" text,
	"cert_issuer" text,
	"cert_serial" text,
	"cert_valid_from" timestamp with time zone,
	"cert_valid_to" timestamp with time zone,
	"cert_size_bytes" integer,
	"cert_uploaded_at" timestamp with time zone,
	"last_test" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remarketing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"email_subject" text NOT NULL,
	"email_template" text NOT NULL,
	"target_criteria" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "remarketing_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"ai_score" integer NOT NULL,
	"token" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"email_opened_at" timestamp with time zone,
	"email_clicked_at" timestamp with time zone,
	"conversion_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"connection_id" uuid NOT NULL,
	"event" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"response_status" integer,
	"duration_ms" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "marketing_consent" ADD CONSTRAINT "marketing_consent_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remarketing_logs" ADD CONSTRAINT "remarketing_logs_campaign_id_remarketing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."remarketing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remarketing_logs" ADD CONSTRAINT "remarketing_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_connection_id_external_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."external_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "external_connections_created_idx" ON "external_connections" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "remarketing_logs_token_idx" ON "remarketing_logs" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "remarketing_logs_campaign_user_idx" ON "remarketing_logs" USING btree ("campaign_id","user_id");--> statement-breakpoint
CREATE INDEX "remarketing_logs_user_idx" ON "remarketing_logs" USING btree ("user_id","email_clicked_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_connection_idx" ON "webhook_deliveries" USING btree ("connection_id","created_at");