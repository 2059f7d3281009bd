CREATE TABLE "ledger_audit_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ok" boolean NOT NULL,
	"checks" jsonb NOT NULL,
	"duration_ms" bigint NOT NULL,
	"started_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_audit_runs_created_idx" ON "ledger_audit_runs" USING btree ("created_at");--> statement-breakpoint
-- hand-written: platform accounts stop caching their balance (it is the sum of their entries).
UPDATE "ledger_accounts" SET "balance" = 0 WHERE "kind" NOT IN ('user_saldo', 'user_cashback', 'room_pool');--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_platform_balance_uncached" CHECK ("ledger_accounts"."kind" in ('user_saldo', 'user_cashback', 'room_pool') or "ledger_accounts"."balance" = 0);