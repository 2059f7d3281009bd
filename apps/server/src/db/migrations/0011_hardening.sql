CREATE TABLE "play_limits" (
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"period" text NOT NULL,
	"amount_centavos" integer,
	"pending_amount_centavos" integer,
	"pending_effective_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "play_limits_user_id_kind_period_pk" PRIMARY KEY("user_id","kind","period")
);
--> statement-breakpoint
CREATE TABLE "responsible_play" (
	"user_id" text PRIMARY KEY NOT NULL,
	"self_excluded_at" timestamp with time zone,
	"self_excluded_until" timestamp with time zone,
	"self_excluded_forever" boolean DEFAULT false NOT NULL,
	"reminder_minutes" integer DEFAULT 60 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "responsible_play" ADD CONSTRAINT "responsible_play_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;