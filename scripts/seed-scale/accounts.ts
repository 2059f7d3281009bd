/** The accounts of the scale seed. */
import { randomUUID } from 'node:crypto';
import type { PgTable } from 'drizzle-orm/pg-core';
import {
  account,
  profiles,
  user,
  userActivity,
  verificacaoUsuario,
} from '../../apps/server/src/db/schema';
import { DDDS, HOUR, MINUTE, type SeedUser, cpfFromBase } from './model';

/** 1. The accounts: users, credentials, profiles, identity checks and the last activity. */
export async function writeAccounts({
  write,
  users,
  admin,
  designated,
  adminHash,
  playerHash,
  nobodyHash,
  now,
}: {
  write: <T extends PgTable>(table: T, rows: T['$inferInsert'][]) => Promise<void>;
  users: SeedUser[];
  admin: SeedUser;
  designated: SeedUser;
  adminHash: string;
  playerHash: string;
  nobodyHash: string;
  now: number;
}) {
  await write(
    user,
    users.map((u) => ({
      id: u.id,
      name: u.name,
      email: u.email,
      emailVerified: u.emailVerified,
      role: u.role,
      banned: u.statusConta === 'suspenso',
      createdAt: new Date(u.createdAt),
      updatedAt: new Date(u.verifiedAt ?? u.createdAt),
    })),
  );
  await write(
    account,
    users.map((u) => ({
      id: randomUUID(),
      accountId: u.id,
      providerId: 'credential',
      userId: u.id,
      password: u === admin ? adminHash : u === designated ? playerHash : nobodyHash,
      createdAt: new Date(u.createdAt),
      updatedAt: new Date(u.createdAt),
    })),
  );
  await write(
    profiles,
    users.map((u) => {
      const birthYear = 1960 + (u.index % 46);
      return {
        id: u.id,
        nomeCompleto: u.name,
        chavePix: u.chavePix,
        chavePixTipo: u.chavePix ? ('email' as const) : null,
        telefone:
          u.role === 'admin'
            ? null
            : `${DDDS[u.index % DDDS.length]}9${String(u.index).padStart(8, '0')}`,
        cpf: u.role === 'admin' ? null : cpfFromBase(String(300_000_000 + u.index)),
        dataNascimento: `${birthYear}-${String((u.index % 12) + 1).padStart(2, '0')}-${String((u.index % 28) + 1).padStart(2, '0')}`,
        isVerified: u.identity === 'verificado',
        statusConta: u.statusConta,
        createdAt: new Date(u.createdAt),
        updatedAt: new Date(u.verifiedAt ?? u.createdAt),
      };
    }),
  );
  await write(
    verificacaoUsuario,
    users
      .filter((u) => u.identity)
      .map((u) => {
        const submittedAt = u.verifiedAt
          ? u.verifiedAt - 20 * MINUTE
          : u.createdAt + (now - u.createdAt) * 0.2;
        return {
          userId: u.id,
          tipoDocumento: u.index % 3 === 0 ? ('cnh' as const) : ('rg' as const),
          numeroDocumento: String(10_000_000 + u.index * 7),
          fotoDocumentoKey: `identity/${randomUUID()}`,
          selfieKey: `identity/${randomUUID()}`,
          statusVerificacao: u.identity!,
          motivoRejeicao: u.identity === 'rejeitado' ? 'Documento ilegível.' : null,
          submittedAt: new Date(submittedAt),
          reviewedBy: u.identity === 'pendente' ? null : admin.id,
          reviewedAt:
            u.identity === 'pendente'
              ? null
              : new Date(u.verifiedAt ?? Math.min(now - MINUTE, submittedAt + HOUR)),
        };
      }),
  );
  await write(
    userActivity,
    users
      .filter((u) => u.lastActivity !== null)
      .map((u) => ({ userId: u.id, lastActivity: new Date(u.lastActivity!) })),
  );
}
