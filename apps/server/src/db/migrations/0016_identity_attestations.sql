CREATE TABLE "identity_attestations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"attested_by" text,
	"attested_by_email" text NOT NULL,
	"attested_by_role" text NOT NULL,
	"documents" text[] NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"attested_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_attestations" ADD CONSTRAINT "identity_attestations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_attestations" ADD CONSTRAINT "identity_attestations_attested_by_user_id_fk" FOREIGN KEY ("attested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_attestations_user_idx" ON "identity_attestations" USING btree ("user_id","attested_at");