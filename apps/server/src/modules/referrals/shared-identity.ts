/**
 * Whether an inviter and the account they invited are one person (docs/decisions/025): the same
 * CPF, the same PIX key (or one pointing at the other's e-mail, phone or CPF), or the same device.
 */
import { eq, sql } from 'drizzle-orm';
import { profiles, session, user, userSecurityLogs, verificacaoUsuario } from '../../db/schema';
import type { Tx } from '../wallet';

export type Refusal = 'same_cpf' | 'same_pix' | 'same_device' | 'disabled';

const digits = (value: string | null | undefined) => (value ?? '').replace(/\D/g, '');

/** What identifies a person's money: CPFs (profile, document, a CPF PIX key) and the PIX key. */
async function identityOf(tx: Tx, userId: string) {
  const [row] = await tx
    .select({
      cpf: profiles.cpf,
      chavePix: profiles.chavePix,
      chavePixTipo: profiles.chavePixTipo,
      telefone: profiles.telefone,
      email: user.email,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  const docs = await tx
    .select({ numero: verificacaoUsuario.numeroDocumento })
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, userId));
  const cpfs = new Set(
    [row?.cpf, ...docs.map((d) => d.numero), row?.chavePixTipo === 'cpf' ? row.chavePix : null]
      .map(digits)
      .filter((d) => d.length === 11),
  );
  const pix = row?.chavePix
    ? row.chavePixTipo === 'cpf' || row.chavePixTipo === 'telefone'
      ? digits(row.chavePix)
      : row.chavePix.trim().toLowerCase()
    : null;
  // Where the account's own PIX key could point: its e-mail, phone and CPFs.
  const reachable = new Set(
    [row?.email?.toLowerCase(), digits(row?.telefone), ...cpfs].filter((v): v is string => !!v),
  );
  return { cpfs, pix, reachable };
}

/** Whether two accounts are one person by their CPF, PIX key or device (in that order). */
export async function sharedIdentity(
  tx: Tx,
  referral: {
    inviterId: string;
    invitedId: string;
    signupIp: string | null;
    signupUserAgent: string | null;
  },
): Promise<Refusal | null> {
  const [inviter, invited] = await Promise.all([
    identityOf(tx, referral.inviterId),
    identityOf(tx, referral.invitedId),
  ]);
  if ([...invited.cpfs].some((cpf) => inviter.cpfs.has(cpf))) return 'same_cpf';
  if (
    (invited.pix && (invited.pix === inviter.pix || inviter.reachable.has(invited.pix))) ||
    (inviter.pix && invited.reachable.has(inviter.pix))
  )
    return 'same_pix';
  // A device is the pair (IP address, browser user agent): of the sign-up, the sessions and the
  // sign-ins in the security log. The address alone is shared by whole carrier networks (CGNAT).
  const devicesOf = (userId: string) => sql`
    select ip_address as ip, user_agent as ua from ${session} where user_id = ${userId}
    union select ip_address, user_agent from ${userSecurityLogs} where user_id = ${userId}`;
  const invitedDevices = sql`
    ${devicesOf(referral.invitedId)}
    union select ${referral.signupIp}::text, ${referral.signupUserAgent}::text`;
  const shared: unknown = await tx.execute(sql`
    select 1 as found from (${devicesOf(referral.inviterId)}) a
    join (${invitedDevices}) b on a.ip = b.ip and a.ua = b.ua
    where a.ip is not null and a.ua is not null limit 1`);
  // PGlite and node-postgres both answer { rows }.
  if ((shared as { rows: unknown[] }).rows.length > 0) return 'same_device';
  return null;
}
