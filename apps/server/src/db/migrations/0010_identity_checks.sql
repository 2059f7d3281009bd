ALTER TABLE "verificacao_usuario" ADD COLUMN "analise" jsonb;--> statement-breakpoint
ALTER TABLE "verificacao_usuario" ADD COLUMN "documento_hash" text;--> statement-breakpoint
ALTER TABLE "verificacao_usuario" ADD COLUMN "selfie_hash" text;