/**
 * Profiles and the LGPD export of the profile's own records (account deletion is in
 * account-deletion.ts). Functions take one options object.
 */
import {
  type LegalAcceptanceExport,
  type Profile,
  type UpdateProfileInput,
  normalizePixKey,
  type updateProfileInputSchema,
} from '@sorteio/shared';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import {
  legalAcceptances,
  profiles,
  session,
  user,
  userActivity,
  userSecurityLogs,
} from '../../db/schema';
import { AppError, pgConstraint, pgErrorCode } from '../../lib/errors';
import {
  type ClientInfo,
  recordSecurityEvent,
  recordSecurityEventOnceIn,
} from '../security/security.service';
import { lookupIp, normalizeIp } from '../../lib/geoip';
import { exportSupportData } from '../support/support.service';
import { getVerification } from '../identity/identity.service';
import { exportAccountRecords } from './data-export';

/** Spec 000 section 8: the three uniqueness errors, chosen by constraint name. */
export const profileUniqueMessages: Record<string, string> = {
  profiles_chave_pix_key: 'Esta chave PIX já está sendo utilizada por outro usuário.',
  profiles_cpf_key: 'Este CPF já está sendo utilizado por outro usuário.',
  profiles_telefone_key: 'Este telefone já está sendo utilizado por outro usuário.',
};

async function ensureProfile(db: Db, userId: string) {
  await db.insert(profiles).values({ id: userId }).onConflictDoNothing();
}

export async function getProfile({ db, userId }: { db: Db; userId: string }): Promise<Profile> {
  const read = () =>
    db
      .select({ p: profiles, email: user.email, twoFactorEnabled: user.twoFactorEnabled })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(eq(profiles.id, userId));
  let [row] = await read();
  if (!row) {
    // Accounts get their profile row when created; this covers accounts from before that.
    await ensureProfile(db, userId);
    [row] = await read();
  }
  if (!row) throw new AppError('NOT_FOUND', { message: 'Perfil não encontrado.' });
  const p = row.p;
  return toProfile(p, row.email, Boolean(row.twoFactorEnabled));
}

function toProfile(
  p: typeof profiles.$inferSelect,
  email: string,
  twoFactorEnabled: boolean,
): Profile {
  return {
    id: p.id,
    email,
    nomeCompleto: p.nomeCompleto,
    chavePix: p.chavePix,
    chavePixTipo: p.chavePixTipo,
    telefone: p.telefone,
    cpf: p.cpf,
    anonimoNosGanhadores: p.anonimoNosGanhadores,
    dataNascimento: p.dataNascimento,
    enderecoCompleto: p.enderecoCompleto,
    isVerified: p.isVerified,
    twoFactorEnabled,
    statusConta: p.statusConta,
    createdAt: p.createdAt.toISOString(),
  };
}

const HOUR_MS = 60 * 60 * 1000;

/** The caller's profile; the access is logged at most once an hour so the log stays readable. */
export async function viewProfile({
  db,
  userId,
  client,
}: {
  db: Db;
  userId: string;
  client: ClientInfo;
}): Promise<Profile> {
  await recordSecurityEventOnceIn(db, { userId, action: 'profile_access', client }, HOUR_MS);
  return getProfile({ db, userId });
}

/** The place of the caller's address (the location check logged at most once an hour). */
export async function sessionLocation({
  db,
  userId,
  ip: rawIp,
  client,
}: {
  db: Db;
  userId: string;
  ip: string;
  client: ClientInfo;
}) {
  const ip = normalizeIp(rawIp);
  const geo = await lookupIp(ip);
  await recordSecurityEventOnceIn(db, { userId, action: 'location_check', client }, HOUR_MS);
  return { ip, city: geo.city, region: geo.region, country: geo.country, timezone: geo.timezone };
}

/** Updates the caller's profile and logs the change in their security log. */
export async function updateProfile({
  db,
  userId,
  input,
  client,
}: {
  db: Db;
  userId: string;
  input: z.output<typeof updateProfileInputSchema>;
  client: ClientInfo;
}): Promise<Profile> {
  const profile = await writeProfile({ db, userId, input });
  await recordSecurityEvent(db, { userId, action: 'profile_update', client });
  return profile;
}

async function writeProfile({
  db,
  userId,
  input,
}: {
  db: Db;
  userId: string;
  input: z.output<typeof updateProfileInputSchema>;
}): Promise<Profile> {
  const pix = normalizePixKey(input.chavePixTipo, input.chavePix);
  if (!pix.ok) throw new AppError('VALIDATION_ERROR', { message: pix.message });
  const current = await getProfile({ db, userId });
  // Verified identity data is locked: it was checked against the documents.
  if (
    current.isVerified &&
    ((current.cpf ?? null) !== input.cpf ||
      (current.dataNascimento ?? null) !== input.dataNascimento)
  ) {
    throw new AppError('CONFLICT', {
      message:
        'CPF e data de nascimento já foram verificados e não podem ser alterados. Fale com o suporte.',
    });
  }
  try {
    await db
      .update(profiles)
      .set({
        nomeCompleto: input.nomeCompleto,
        chavePix: pix.value,
        chavePixTipo: input.chavePixTipo,
        cpf: input.cpf,
        telefone: input.telefone,
        dataNascimento: input.dataNascimento,
        enderecoCompleto: input.enderecoCompleto,
        updatedAt: new Date(),
      })
      .where(eq(profiles.id, userId));
  } catch (error) {
    if (pgErrorCode(error) === '23505') {
      const message =
        profileUniqueMessages[pgConstraint(error) ?? ''] ??
        'Dados duplicados detectados. Verifique as informações informadas.';
      throw new AppError('CONFLICT', { message, cause: error });
    }
    throw error;
  }
  return getProfile({ db, userId });
}

export type UpdateProfile = UpdateProfileInput;

/** LGPD: everything the platform holds about the person, as JSON. */
export async function exportPersonalData({ db, userId }: { db: Db; userId: string }) {
  const [u] = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      createdAt: user.createdAt,
      role: user.role,
    })
    .from(user)
    .where(eq(user.id, userId));
  const profile = await getProfile({ db, userId });
  const verification = await getVerification({ db, userId });
  const logs = await db
    .select()
    .from(userSecurityLogs)
    .where(eq(userSecurityLogs.userId, userId))
    .orderBy(desc(userSecurityLogs.timestamp));
  const sessions = await db
    .select({
      createdAt: session.createdAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId));
  const [activity] = await db.select().from(userActivity).where(eq(userActivity.userId, userId));
  const acceptances = await db
    .select()
    .from(legalAcceptances)
    .where(eq(legalAcceptances.userId, userId))
    .orderBy(desc(legalAcceptances.acceptedAt));
  return {
    geradoEm: new Date().toISOString(),
    conta: u ? { ...u, createdAt: u.createdAt.toISOString() } : null,
    perfil: profile,
    verificacao: verification,
    ultimaAtividade: activity?.lastActivity.toISOString() ?? null,
    sessoesAtivas: sessions.map((s) => ({
      ...s,
      createdAt: s.createdAt.toISOString(),
      expiresAt: s.expiresAt.toISOString(),
    })),
    /** The Termos de Uso and Regulamento dos Sorteios accepted (versions, time, address). */
    aceitesDeTermos: acceptances.map((a): LegalAcceptanceExport => ({
      termsVersion: a.termsVersion,
      rulesVersion: a.rulesVersion,
      acceptedAt: a.acceptedAt.toISOString(),
      ip: a.ipAddress,
    })),
    ...(await exportSupportData(db, userId)),
    ...(await exportAccountRecords(db, userId)),
    registrosDeSeguranca: logs.map((l) => ({
      acao: l.actionType,
      ip: l.ipAddress,
      cidade: l.city,
      estado: l.region,
      pais: l.country,
      navegador: l.userAgent,
      suspeito: l.isSuspicious,
      data: l.timestamp.toISOString(),
    })),
  };
}

/** The winners page shows the first name and initial, or "Anônimo": the player's choice. */
export async function setWinnersPrivacy({
  db,
  userId,
  anonimoNosGanhadores,
  client,
}: {
  db: Db;
  userId: string;
  anonimoNosGanhadores: boolean;
  client: ClientInfo;
}): Promise<Profile> {
  await getProfile({ db, userId });
  await db
    .update(profiles)
    .set({ anonimoNosGanhadores, updatedAt: new Date() })
    .where(eq(profiles.id, userId));
  await recordSecurityEvent(db, { userId, action: 'profile_update', client });
  return getProfile({ db, userId });
}
