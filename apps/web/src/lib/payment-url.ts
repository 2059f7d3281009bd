import { roomTypeLabel, type Participation, type RoomType } from '@sorteio/shared';

/**
 * The PIX payment page for a seat (spec 000 section 2): /payment?participacao_id=&valor=&descricao=
 * with the value in reais and 2 decimals ("10.00"). Used by the join flow, the room page and the
 * history, so it lives outside any one feature.
 */
export function paymentPageUrl(
  participation: Pick<Participation, 'id' | 'valorPago'>,
  tipoSala: RoomType,
): string {
  const params = new URLSearchParams({
    participacao_id: participation.id,
    valor: (participation.valorPago / 100).toFixed(2),
    descricao: `Participação em sorteio - Sala ${roomTypeLabel(tipoSala)}`,
  });
  return `/payment?${params.toString()}`;
}
