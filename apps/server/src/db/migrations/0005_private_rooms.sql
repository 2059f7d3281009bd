CREATE TABLE "private_room_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "private_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"room_name" text NOT NULL,
	"custom_name" text,
	"room_code" text NOT NULL,
	"invite_code" text NOT NULL,
	"creator_id" text NOT NULL,
	"sala_id" uuid NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "private_rooms_room_code_unique" UNIQUE("room_code"),
	CONSTRAINT "private_rooms_invite_code_unique" UNIQUE("invite_code"),
	CONSTRAINT "private_rooms_sala_id_unique" UNIQUE("sala_id")
);
--> statement-breakpoint
ALTER TABLE "private_room_messages" ADD CONSTRAINT "private_room_messages_room_id_private_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."private_rooms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_room_messages" ADD CONSTRAINT "private_room_messages_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_rooms" ADD CONSTRAINT "private_rooms_creator_id_user_id_fk" FOREIGN KEY ("creator_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "private_rooms" ADD CONSTRAINT "private_rooms_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "private_room_messages_room_idx" ON "private_room_messages" USING btree ("room_id","created_at");