/**
 * LGPD art. 18, II: the sections of the personal-data export beyond the profile. Which columns it
 * reads, and which it leaves out, is registered in data-export-columns.ts.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import {
  account,
  campaignSmsMessages,
  dataExports,
  identityAttestations,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  marketingConsent,
  notificationConsentEvents,
  notificationMessages,
  notificationPreferences,
  payouts,
  pixCharges,
  pixReceived,
  playLimits,
  referralCodes,
  referrals,
  privateRoomMessages,
  pushSubscriptions,
  privateRooms,
  remarketingLogs,
  responsiblePlay,
  staffAuditLog,
  twoFactor,
  verificacaoUsuario,
} from '../../db/schema';
import { exportRoomRecords } from './data-export-rooms';

type Row = Record<string, unknown>;

/** The rows of `table` that belong to the player (its `userId`), in `order` when given. */
async function rowsOf<T extends PgTable & { userId: AnyPgColumn }>(
  db: Db,
  table: T,
  userId: string,
  order?: AnyPgColumn,
): Promise<T['$inferSelect'][]> {
  const source: PgTable = table;
  const query = db.select().from(source).where(eq(table.userId, userId)).$dynamic();
  return await (order ? query.orderBy(asc(order)) : query);
}
const omit = <T extends Row>(row: T, keys: (keyof T)[]) => {
  const out: Row = { ...row };
  for (const k of keys) delete out[k as string];
  return out;
};

/** Everything beyond the profile, sessions, consents, security log and support (already exported). */
export async function exportAccountRecords(db: Db, userId: string) {
  const logins = await db
    .select({
      providerId: account.providerId,
      createdAt: account.createdAt,
      password: account.password,
    })
    .from(account)
    .where(eq(account.userId, userId));
  const [tf] = await db
    .select({ verified: twoFactor.verified })
    .from(twoFactor)
    .where(eq(twoFactor.userId, userId));

  const identity = await rowsOf(db, verificacaoUsuario, userId);
  const attestations = await rowsOf(db, identityAttestations, userId);

  const rooms = await exportRoomRecords(db, userId);

  const charges = await rowsOf(db, pixCharges, userId, pixCharges.createdAt);
  const txids = charges.map((c) => c.txid);
  const received = txids.length
    ? await db.select().from(pixReceived).where(inArray(pixReceived.txid, txids))
    : [];

  const accounts = await rowsOf(db, ledgerAccounts, userId);
  const accountIds = accounts.map((a) => a.id);
  const statement = accountIds.length
    ? await db
        .select({
          conta: ledgerAccounts.kind,
          valor: ledgerEntries.amount,
          tipo: ledgerTransactions.kind,
          descricao: ledgerTransactions.description,
          salaId: ledgerTransactions.salaId,
          participacaoId: ledgerTransactions.participacaoId,
          data: ledgerEntries.createdAt,
        })
        .from(ledgerEntries)
        .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
        .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
        .where(inArray(ledgerEntries.accountId, accountIds))
        .orderBy(asc(ledgerEntries.createdAt))
    : [];
  const transactions = await db
    .select({
      id: ledgerTransactions.id,
      tipo: ledgerTransactions.kind,
      descricao: ledgerTransactions.description,
      salaId: ledgerTransactions.salaId,
      participacaoId: ledgerTransactions.participacaoId,
      data: ledgerTransactions.createdAt,
    })
    .from(ledgerTransactions)
    .where(eq(ledgerTransactions.userId, userId))
    .orderBy(asc(ledgerTransactions.createdAt));
  const sent = await rowsOf(db, payouts, userId, payouts.createdAt);

  const [rp] = await rowsOf(db, responsiblePlay, userId);
  const limits = await rowsOf(db, playLimits, userId);

  // Referrals: the player's code, the friends they invited (without naming them: another
  // person's account) and, when invited, by which code and from which device.
  const [referralCode] = await db
    .select({ codigo: referralCodes.code, criadoEm: referralCodes.createdAt })
    .from(referralCodes)
    .where(eq(referralCodes.userId, userId));
  const invitedByMe = await db
    .select({
      status: referrals.status,
      motivoRecusa: referrals.refusal,
      bonus: referrals.bonusCentavos,
      criadoEm: referrals.createdAt,
      decididoEm: referrals.decidedAt,
    })
    .from(referrals)
    .where(eq(referrals.inviterId, userId))
    .orderBy(asc(referrals.createdAt));
  const [myInvitation] = await db
    .select({
      codigo: referrals.code,
      status: referrals.status,
      ipDoCadastro: referrals.signupIp,
      navegadorDoCadastro: referrals.signupUserAgent,
      criadoEm: referrals.createdAt,
    })
    .from(referrals)
    .where(eq(referrals.invitedId, userId));

  const [marketing] = await rowsOf(db, marketingConsent, userId);
  const [prefs] = await rowsOf(db, notificationPreferences, userId);
  const consentEvents = await rowsOf(
    db,
    notificationConsentEvents,
    userId,
    notificationConsentEvents.createdAt,
  );
  const messages = await rowsOf(db, notificationMessages, userId, notificationMessages.queuedAt);
  const campaignSms = await rowsOf(db, campaignSmsMessages, userId);
  const remarketing = await rowsOf(db, remarketingLogs, userId);

  const myRooms = await db.select().from(privateRooms).where(eq(privateRooms.creatorId, userId));
  const roomMessages = await db
    .select({
      salaPrivadaId: privateRoomMessages.roomId,
      mensagem: privateRoomMessages.message,
      data: privateRoomMessages.createdAt,
    })
    .from(privateRoomMessages)
    .where(eq(privateRoomMessages.userId, userId))
    .orderBy(asc(privateRoomMessages.createdAt));

  const staffActions = await db
    .select({
      acao: staffAuditLog.action,
      papelDaEquipe: staffAuditLog.actorRole,
      data: staffAuditLog.createdAt,
    })
    .from(staffAuditLog)
    .where(and(eq(staffAuditLog.targetType, 'user'), eq(staffAuditLog.targetId, userId)))
    .orderBy(asc(staffAuditLog.createdAt));

  const exportsAsked = await db
    .select({
      status: dataExports.status,
      comImagens: dataExports.includeImages,
      pedidaEm: dataExports.requestedAt,
      prontaEm: dataExports.readyAt,
      expiraEm: dataExports.expiresAt,
    })
    .from(dataExports)
    .where(eq(dataExports.userId, userId))
    .orderBy(asc(dataExports.requestedAt));

  // The push service's address and the device's keys are capabilities: only the device is named.
  const pushDevices = await db
    .select({
      navegador: pushSubscriptions.userAgent,
      ativadoEm: pushSubscriptions.createdAt,
      ultimoEnvioEm: pushSubscriptions.lastSentAt,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt));

  return {
    /** How the person signs in: the method and whether a password is set, never the hash. */
    formasDeAcesso: logins.map((l) => ({
      provedor: l.providerId,
      senhaDefinida: Boolean(l.password),
      criadoEm: l.createdAt,
    })),
    verificacaoEmDuasEtapas: { configurada: Boolean(tf), confirmada: Boolean(tf?.verified) },
    verificacoesDeIdentidade: identity.map((v) =>
      omit(v, ['fotoDocumentoKey', 'selfieKey', 'documentoHash', 'selfieHash', 'reviewedBy']),
    ),
    atestadosDeIdentidade: attestations.map((a) => ({
      documentos: a.documents,
      observacao: a.note,
      papelDaEquipe: a.attestedByRole,
      data: a.attestedAt,
    })),
    ...rooms,
    cobrancasPix: charges.map((c) => omit(c, ['qrPng'])),
    pagamentosPixRecebidos: received,
    contasDeSaldo: accounts.map((a) => ({
      tipo: a.kind,
      saldo: a.balance,
      atualizadoEm: a.updatedAt,
    })),
    extrato: statement,
    transacoes: transactions,
    saquesEPremios: sent.map((p) => omit(p, ['lastError', 'sentVia'])),
    jogoResponsavel: {
      configuracao: rp ?? null,
      limites: limits,
    },
    consentimentoDeMarketing: marketing ?? null,
    preferenciasDeNotificacao: prefs ?? null,
    historicoDeConsentimentoDeNotificacoes: consentEvents,
    notificacoesEnviadas: messages.map((m) => omit(m, ['providerMessageId', 'dedupeKey'])),
    smsDeCampanhas: campaignSms.map((m) =>
      omit(m, ['providerMessageId', 'aiScore', 'costCentavos']),
    ),
    campanhasDeRemarketing: remarketing.map((r) => omit(r, ['token', 'aiScore', 'costCentavos'])),
    salasPrivadasCriadas: myRooms,
    mensagensEmSalasPrivadas: roomMessages,
    acoesDaEquipeSobreMinhaConta: staffActions,
    exportacoesDeDadosPedidas: exportsAsked,
    notificacoesNoCelular: pushDevices,
    indicacoes: {
      meuCodigo: referralCode ?? null,
      amigosConvidados: invitedByMe,
      convidadoPor: myInvitation ?? null,
    },
  };
}
