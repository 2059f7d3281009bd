CREATE TABLE "pix_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"filename" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"subject" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"status_checked_at" timestamp with time zone NOT NULL,
	"check_error" text,
	"cert_sealed" text NOT NULL,
	"password_sealed" text NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"uploaded_by" text,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pix_provider_calls" (
	"host" text PRIMARY KEY NOT NULL,
	"last_success_at" timestamp with time zone NOT NULL,
	"last_success_route" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"latency_ms" real NOT NULL,
	"detail" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_maintenance" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service_id" text NOT NULL,
	"reason" text NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_by" text,
	"ended_at" timestamp with time zone,
	"ended_by" text
);
--> statement-breakpoint
CREATE INDEX "pix_certificates_uploaded_idx" ON "pix_certificates" USING btree ("uploaded_at");--> statement-breakpoint
CREATE INDEX "service_checks_service_idx" ON "service_checks" USING btree ("service_id","checked_at");--> statement-breakpoint
CREATE INDEX "service_checks_checked_idx" ON "service_checks" USING btree ("checked_at");--> statement-breakpoint
CREATE INDEX "service_maintenance_service_idx" ON "service_maintenance" USING btree ("service_id","ends_at");--> statement-breakpoint
-- The certificate already stored becomes the first entry of the inventory.
INSERT INTO "pix_certificates" ("filename", "size_bytes", "subject", "issuer", "serial_number", "valid_from", "valid_to", "status", "status_checked_at", "cert_sealed", "password_sealed", "in_use", "uploaded_by", "uploaded_at")
SELECT coalesce("cert_filename", 'certificado.p12'), coalesce("cert_size_bytes", 0), coalesce("cert_subject", ''), coalesce("cert_issuer", ''), coalesce("cert_serial", ''), "cert_valid_from", "cert_valid_to",
  CASE WHEN "cert_valid_to" <= now() THEN 'expired' WHEN "cert_valid_to" <= now() + interval '30 days' THEN 'expiring' ELSE 'active' END,
  now(), "cert_sealed", "cert_password_sealed", true, "updated_by", coalesce("cert_uploaded_at", "updated_at")
FROM "pix_provider_config"
WHERE "cert_sealed" IS NOT NULL AND "cert_password_sealed" IS NOT NULL AND "cert_valid_from" IS NOT NULL AND "cert_valid_to" IS NOT NULL;
