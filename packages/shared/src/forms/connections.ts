/** The 'Nova conexão' / 'Editar conexão' form: the connection contract, the JSON checked first. */
import type { z } from 'zod';
import { integrationMessages } from '../integration-messages';
import { saveConnectionInputSchema } from '../connections';

/** The typed configuration must be a JSON object (an empty text counts as `{}`). */
function isJsonObject(text: string): boolean {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return Boolean(parsed) && typeof parsed === 'object' && !Array.isArray(parsed);
  } catch {
    return false;
  }
}

export const saveConnectionFormSchema = saveConnectionInputSchema.extend({
  config_data: saveConnectionInputSchema.shape.config_data.refine(isJsonObject, {
    error: integrationMessages.connectionInvalidJson,
  }),
});
export type SaveConnectionFormInput = z.input<typeof saveConnectionFormSchema>;
