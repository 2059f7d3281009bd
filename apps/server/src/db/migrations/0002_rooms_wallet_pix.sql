CREATE TABLE "participacoes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"sala_id" uuid NOT NULL,
	"numero_sorte" text NOT NULL,
	"valor_pago" bigint NOT NULL,
	"status_pagamento" text DEFAULT 'pendente' NOT NULL,
	"metodo_pagamento" text NOT NULL,
	"eh_vencedor" boolean DEFAULT false NOT NULL,
	"txid_pagamento" text,
	"expires_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"sala_id" uuid,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_user_balance_nonneg" CHECK ("ledger_accounts"."kind" not in ('user_saldo', 'user_cashback', 'room_pool') or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_nonzero" CHECK ("ledger_entries"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"description" text NOT NULL,
	"user_id" text,
	"sala_id" uuid,
	"participacao_id" uuid,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "pix_charges" (
	"txid" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"user_id" text NOT NULL,
	"participacao_id" uuid,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'ATIVA' NOT NULL,
	"provider" text NOT NULL,
	"br_code" text NOT NULL,
	"qr_png" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"end_to_end_id" text,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pix_charges_end_to_end_id_unique" UNIQUE("end_to_end_id")
);
--> statement-breakpoint
CREATE TABLE "pix_received" (
	"end_to_end_id" text PRIMARY KEY NOT NULL,
	"txid" text,
	"amount" bigint NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "participacoes" ADD CONSTRAINT "participacoes_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "participacoes" ADD CONSTRAINT "participacoes_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_participacao_id_participacoes_id_fk" FOREIGN KEY ("participacao_id") REFERENCES "public"."participacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pix_charges" ADD CONSTRAINT "pix_charges_participacao_id_participacoes_id_fk" FOREIGN KEY ("participacao_id") REFERENCES "public"."participacoes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "participacoes_one_seat_idx" ON "participacoes" USING btree ("sala_id","user_id") WHERE "participacoes"."status_pagamento" <> 'cancelado';--> statement-breakpoint
CREATE UNIQUE INDEX "participacoes_numero_idx" ON "participacoes" USING btree ("sala_id","numero_sorte");--> statement-breakpoint
CREATE INDEX "participacoes_user_idx" ON "participacoes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "participacoes_pending_idx" ON "participacoes" USING btree ("expires_at") WHERE "participacoes"."status_pagamento" = 'pendente';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_user_kind_idx" ON "ledger_accounts" USING btree ("user_id","kind") WHERE "ledger_accounts"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_sala_kind_idx" ON "ledger_accounts" USING btree ("sala_id","kind") WHERE "ledger_accounts"."sala_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_kind_idx" ON "ledger_accounts" USING btree ("kind") WHERE "ledger_accounts"."user_id" is null and "ledger_accounts"."sala_id" is null;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_transactions_user_idx" ON "ledger_transactions" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_charges_participacao_idx" ON "pix_charges" USING btree ("participacao_id","created_at");--> statement-breakpoint
CREATE INDEX "pix_charges_active_idx" ON "pix_charges" USING btree ("expires_at") WHERE "pix_charges"."status" = 'ATIVA';