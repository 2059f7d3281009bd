CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	"impersonated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "two_factor" (
	"id" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"user_id" text NOT NULL,
	"verified" boolean DEFAULT true,
	"failed_verification_count" integer DEFAULT 0,
	"locked_until" timestamp with time zone,
	CONSTRAINT "two_factor_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"role" text DEFAULT 'user' NOT NULL,
	"banned" boolean DEFAULT false,
	"ban_reason" text,
	"ban_expires" timestamp with time zone,
	"two_factor_enabled" boolean DEFAULT false,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" text PRIMARY KEY NOT NULL,
	"nome_completo" text,
	"chave_pix" text,
	"chave_pix_tipo" text,
	"telefone" text,
	"cpf" text,
	"data_nascimento" date,
	"endereco_completo" text,
	"is_verified" boolean DEFAULT false NOT NULL,
	"status_conta" text DEFAULT 'ativo' NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_sessions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_activity" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_security_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text,
	"ip_address" text,
	"city" text,
	"region" text,
	"country" text,
	"timezone" text,
	"action_type" text NOT NULL,
	"user_agent" text,
	"is_suspicious" boolean DEFAULT false NOT NULL,
	"suspicious_reason" text,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verificacao_usuario" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"tipo_documento" text NOT NULL,
	"numero_documento" text NOT NULL,
	"foto_documento_key" text NOT NULL,
	"selfie_key" text NOT NULL,
	"status_verificacao" text NOT NULL,
	"motivo_rejeicao" text,
	"checks" jsonb,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "verificacao_usuario_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "salas" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tipo_sala" text NOT NULL,
	"status" text DEFAULT 'aberta' NOT NULL,
	"participantes_atual" integer DEFAULT 0 NOT NULL,
	"max_participantes" integer NOT NULL,
	"valor_entrada" bigint NOT NULL,
	"premio_bruto" bigint NOT NULL,
	"taxa_plataforma" bigint NOT NULL,
	"premio_liquido" bigint NOT NULL,
	"taxa_personalizada_bp" integer NOT NULL,
	"sorteio_automatico" boolean DEFAULT true NOT NULL,
	"tem_limite_pessoas" boolean DEFAULT true NOT NULL,
	"data_sorteio" timestamp with time zone,
	"seed" "bytea" NOT NULL,
	"commitment" text NOT NULL,
	"commitment_published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salas_participantes_nonneg" CHECK ("salas"."participantes_atual" >= 0),
	CONSTRAINT "salas_max_range" CHECK ("salas"."max_participantes" between 2 and 1000),
	CONSTRAINT "salas_participantes_cap" CHECK (not "salas"."tem_limite_pessoas" or "salas"."participantes_atual" <= "salas"."max_participantes"),
	CONSTRAINT "salas_valor_entrada_min" CHECK ("salas"."valor_entrada" >= 100),
	CONSTRAINT "salas_taxa_range" CHECK ("salas"."taxa_personalizada_bp" between 0 and 5000),
	CONSTRAINT "salas_premio_sum" CHECK ("salas"."premio_bruto" = "salas"."taxa_plataforma" + "salas"."premio_liquido")
);
--> statement-breakpoint
CREATE TABLE "sorteios" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sala_id" uuid NOT NULL,
	"user_id_vencedor" text,
	"numero_vencedor" text NOT NULL,
	"winner_index" integer NOT NULL,
	"entrants_digest" text NOT NULL,
	"beacon" text DEFAULT '' NOT NULL,
	"beacon_round" bigint,
	"valor_premio_liquido" bigint NOT NULL,
	"status_pagamento_premio" text DEFAULT 'pendente' NOT NULL,
	"hash_prova" text NOT NULL,
	"timestamp_sorteio" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sorteios_sala_id_unique" UNIQUE("sala_id")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_factor" ADD CONSTRAINT "two_factor_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_user_id_fk" FOREIGN KEY ("id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_sessions" ADD CONSTRAINT "user_sessions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_security_logs" ADD CONSTRAINT "user_security_logs_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacao_usuario" ADD CONSTRAINT "verificacao_usuario_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verificacao_usuario" ADD CONSTRAINT "verificacao_usuario_reviewed_by_user_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salas" ADD CONSTRAINT "salas_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteios" ADD CONSTRAINT "sorteios_sala_id_salas_id_fk" FOREIGN KEY ("sala_id") REFERENCES "public"."salas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sorteios" ADD CONSTRAINT "sorteios_user_id_vencedor_user_id_fk" FOREIGN KEY ("user_id_vencedor") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_chave_pix_key" ON "profiles" USING btree ("chave_pix");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_cpf_key" ON "profiles" USING btree ("cpf");--> statement-breakpoint
CREATE UNIQUE INDEX "profiles_telefone_key" ON "profiles" USING btree ("telefone");--> statement-breakpoint
CREATE INDEX "security_logs_user_time_idx" ON "user_security_logs" USING btree ("user_id","timestamp");--> statement-breakpoint
CREATE INDEX "security_logs_failed_idx" ON "user_security_logs" USING btree ("email","timestamp") WHERE "user_security_logs"."action_type" = 'login_failed';--> statement-breakpoint
CREATE INDEX "verificacao_documento_idx" ON "verificacao_usuario" USING btree ("tipo_documento","numero_documento");--> statement-breakpoint
CREATE INDEX "salas_status_created_idx" ON "salas" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sorteios_timestamp_idx" ON "sorteios" USING btree ("timestamp_sorteio");