import { createHash, randomBytes } from 'node:crypto';
import { computePrize } from '@sorteio/shared';
import type { Db } from '../../db/client';
import { type roomTypes, salas } from '../../db/schema';

export interface CreateRoomInput {
  tipoSala: (typeof roomTypes)[number];
  valorEntradaCentavos: number;
  maxParticipantes: number;
  taxaBp: number;
  sorteioAutomatico?: boolean;
  temLimitePessoas?: boolean;
  dataSorteio?: Date | null;
  createdBy?: string | null;
}

/**
 * Creates an open room with its draw commitment (DESIGN.md section 5, step 1): a 32-byte seed from
 * the CSPRNG, kept secret, and commitment = hex SHA-256 of the raw seed bytes, published with the
 * room before anyone can join.
 */
export async function createRoom({ db, input }: { db: Db; input: CreateRoomInput }) {
  const prize = computePrize({
    entryCentavos: input.valorEntradaCentavos,
    maxParticipants: input.maxParticipantes,
    feeBasisPoints: input.taxaBp,
  });
  const seed = randomBytes(32);
  const commitment = createHash('sha256').update(seed).digest('hex');
  const [room] = await db
    .insert(salas)
    .values({
      tipoSala: input.tipoSala,
      status: 'aberta',
      maxParticipantes: input.maxParticipantes,
      valorEntrada: input.valorEntradaCentavos,
      premioBruto: prize.grossCentavos,
      taxaPlataforma: prize.feeCentavos,
      premioLiquido: prize.netCentavos,
      taxaPersonalizadaBp: input.taxaBp,
      sorteioAutomatico: input.sorteioAutomatico ?? true,
      temLimitePessoas: input.temLimitePessoas ?? true,
      dataSorteio: input.dataSorteio ?? null,
      seed,
      commitment,
      createdBy: input.createdBy ?? null,
    })
    .returning();
  if (!room) throw new Error('room insert returned nothing');
  return room;
}
