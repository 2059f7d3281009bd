CREATE TABLE "draw_beacon_waits" (
	"sala_id" uuid PRIMARY KEY NOT NULL,
	"entrants" jsonb NOT NULL,
	"entrants_digest" text NOT NULL,
	"frozen_at" timestamp (3) with time zone NOT NULL,
	"beacon_round" bigint NOT NULL,
	"beacon_chain" jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sorteios" ADD COLUMN "protocol_version" text DEFAULT 'v1' NOT NULL;--> statement-breakpoint
ALTER TABLE "sorteios" ADD COLUMN "entrants_frozen_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sorteios" ADD COLUMN "beacon_signature" text;--> statement-breakpoint
ALTER TABLE "sorteios" ADD COLUMN "beacon_chain" jsonb;--> statement-breakpoint
ALTER TABLE "draw_beacon_waits" ADD CONSTRAINT "draw_beacon_waits_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draw_beacon_waits_next_idx" ON "draw_beacon_waits" USING btree ("next_attempt_at");