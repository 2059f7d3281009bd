/**
 * Idempotency keys of the money-moving requests (docs/decisions/027-idempotency-keys.md): a client
 * that does not know whether a request took effect sends it again with the same key, and the
 * server answers with the first outcome instead of acting twice.
 */
import { z } from 'zod';

/** The request header (RFC draft "The Idempotency-Key HTTP Header Field"). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Set to "true" on an answer the server stored for the key and sends again. */
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';

export const idempotencyMessages = {
  invalidKey:
    'Chave de idempotência inválida: use de 1 a 100 caracteres entre letras, números, "-" e "_".',
  keyReused:
    'Esta chave de idempotência já foi usada em outro pedido. Gere uma chave nova para cada operação.',
} as const;

export const idempotencyKeySchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, idempotencyMessages.invalidKey);

/** The headers of a route that takes a key (Fastify lowercases header names). */
export const idempotencyHeadersSchema = z.object({
  'idempotency-key': idempotencyKeySchema
    .optional()
    .describe(
      'Opcional. Uma chave nova por operação (1 a 100 caracteres: letras, números, "-" e "_"). ' +
        'Reenviado com a mesma chave, o pedido tem efeito uma vez só e recebe a mesma resposta, ' +
        'com Idempotent-Replayed: true; a mesma chave com outro pedido recebe 422. ' +
        'Chaves valem por 24 horas.',
    ),
});
