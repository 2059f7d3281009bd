ALTER TABLE "sorteios" ADD COLUMN "entrants" jsonb;--> statement-breakpoint
UPDATE "sorteios" s SET "entrants" = (
  SELECT coalesce(jsonb_agg(p."numero_sorte" ORDER BY p."numero_sorte" COLLATE "C"), '[]'::jsonb)
  FROM "participacoes" p
  WHERE p."sala_id" = s."sala_id" AND p."status_pagamento" = 'confirmado'
);--> statement-breakpoint
ALTER TABLE "sorteios" ALTER COLUMN "entrants" SET NOT NULL;
