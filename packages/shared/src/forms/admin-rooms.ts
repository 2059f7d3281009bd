import { z } from 'zod';
import { parseBRL } from '../money';
import { type RoomForm, publicRoomTypes, roomFormSchema } from '../rooms';

/**
 * 'Nova Sala' and 'Editar sala' as typed: amounts and counts are text in the boxes ("10,00",
 * "12,5" %), the draw date is the value of a datetime-local input (the browser's local time).
 */
export const roomDraftSchema = z.object({
  tipoSala: z.enum(publicRoomTypes),
  valorEntrada: z.string(),
  maxParticipantes: z.string(),
  taxaPersonalizadaBp: z.string(),
  sorteioAutomatico: z.boolean(),
  temLimitePessoas: z.boolean(),
  dataSorteio: z.string(),
});
export type RoomDraft = z.infer<typeof roomDraftSchema>;

/** "20", "12,5" -> basis points; null when not a percentage with at most 2 decimals. */
export function percentToBp(text: string): number | null {
  const s = text.trim().replace(',', '.');
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(s)) return null;
  return Math.round(Number(s) * 100);
}

/** The draft as the server's schema reads it; NaN where the text is not a number. */
export function roomFormOfDraft(d: RoomDraft): RoomForm {
  return {
    tipoSala: d.tipoSala,
    valorEntrada: parseBRL(d.valorEntrada) ?? Number.NaN,
    maxParticipantes: /^\d+$/.test(d.maxParticipantes.trim())
      ? Number(d.maxParticipantes)
      : Number.NaN,
    taxaPersonalizadaBp: percentToBp(d.taxaPersonalizadaBp) ?? Number.NaN,
    sorteioAutomatico: d.sorteioAutomatico,
    temLimitePessoas: d.temLimitePessoas,
    dataSorteio: d.dataSorteio ? new Date(d.dataSorteio).toISOString() : null,
  };
}

/** The room form: the draft read as numbers, then checked by the API's own schema. */
export const roomDraftFormSchema = roomDraftSchema.transform(roomFormOfDraft).pipe(roomFormSchema);
