/**
 * LGPD art. 18, II: the sections of the personal-data export beyond the profile, and the register
 * of which user-referencing columns the export reads and which it deliberately leaves out.
 * data-export.test.ts compares that register with the database catalog, so a new table holding a
 * user id fails the suite until it is exported here or excluded with a reason.
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
  participacoes,
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
  salas,
  sorteios,
  staffAuditLog,
  twoFactor,
  verificacaoUsuario,
} from '../../db/schema';

/** `table.column` pairs (database names) that the export reads for the player. */
export const EXPORTED_USER_COLUMNS = [
  'user.id',
  'profiles.id',
  'account.user_id',
  'two_factor.user_id',
  'session.user_id',
  'user_sessions.user_id',
  'user_security_logs.user_id',
  'legal_acceptances.user_id',
  'marketing_consent.user_id',
  'notification_preferences.user_id',
  'notification_consent_events.user_id',
  'notification_messages.user_id',
  'campaign_sms_messages.user_id',
  'remarketing_logs.user_id',
  'verificacao_usuario.user_id',
  'identity_attestations.user_id',
  'participacoes.user_id',
  'sorteios.user_id_vencedor',
  'salas.created_by',
  'pix_charges.user_id',
  'ledger_accounts.user_id',
  'ledger_transactions.user_id',
  'payouts.user_id',
  'responsible_play.user_id',
  'play_limits.user_id',
  'referral_codes.user_id',
  'referrals.inviter_id',
  'referrals.invited_id',
  'support_chat_log.user_id',
  'support_tickets.user_id',
  'private_rooms.creator_id',
  'private_room_messages.user_id',
  'data_exports.user_id',
  'push_subscriptions.user_id',
] as const;

/**
 * Columns that hold a user id but are not a source of the player's export, each with the reason.
 * Most name the staff member who acted (their own work record, not the player's data; the player's
 * side of the same row is exported through the column above it).
 */
export const EXCLUDED_USER_COLUMNS: Record<string, string> = {
  'verificacao_usuario.reviewed_by':
    'staff reviewer; the player gets the outcome through verificacao_usuario.user_id',
  'identity_attestations.attested_by':
    'staff member who attested; the player gets the attestation (with the role) through user_id',
  'settings.updated_by': 'staff member who changed a platform setting: no player data',
  'session.impersonated_by':
    'staff member behind an impersonated session; the session itself is exported',
  'support_tickets.closed_by': 'staff member who closed the ticket; the ticket is exported',
  'support_ticket_messages.staff_id':
    'staff author of a reply; the reply is exported with the ticket (support_tickets.user_id)',
  'staff_audit_log.actor_id':
    'staff actor; actions on the player are exported through staff_audit_log.target_id',
  'ledger_audit_runs.started_by': 'staff member who started a ledger audit: no player data',
  'pix_certificates.uploaded_by': 'staff member who uploaded a PIX certificate: no player data',
  'service_maintenance.created_by': 'staff member who announced maintenance: no player data',
  'service_maintenance.ended_by': 'staff member who ended maintenance: no player data',
  'external_connections.updated_by': 'staff member who configured an integration: no player data',
  'remarketing_campaigns.created_by': 'staff member who created a campaign: no player data',
  'pix_provider_config.updated_by': 'staff member who configured the PIX provider: no player data',
  'idempotency_keys.user_id':
    'request keys kept 24 hours to answer a resent request; the joins, charges and withdrawals they answered are exported',
};

/**
 * Columns never exported whatever the table: secrets (password hashes, tokens, TOTP secrets,
 * backup codes) and large or internal blobs (QR images, file keys, image hashes). Their existence
 * is stated instead where it matters (a password set, 2FA on).
 */
export const NEVER_EXPORTED = [
  'account.password',
  'account.access_token',
  'account.refresh_token',
  'account.id_token',
  'two_factor.secret',
  'two_factor.backup_codes',
  'session.token',
  'remarketing_logs.token',
  'pix_charges.qr_png',
  'verificacao_usuario.foto_documento_key',
  'verificacao_usuario.selfie_key',
  'data_exports.file_key',
  'push_subscriptions.endpoint',
  'push_subscriptions.p256dh',
  'push_subscriptions.auth',
] as const;

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

  const entries = await db
    .select({ participacao: participacoes, sala: salas, sorteio: sorteios })
    .from(participacoes)
    .innerJoin(salas, eq(salas.id, participacoes.salaId))
    .leftJoin(sorteios, eq(sorteios.salaId, participacoes.salaId))
    .where(eq(participacoes.userId, userId))
    .orderBy(asc(participacoes.createdAt));
  const roomsCreated = await db
    .select({
      id: salas.id,
      tipoSala: salas.tipoSala,
      status: salas.status,
      createdAt: salas.createdAt,
    })
    .from(salas)
    .where(eq(salas.createdBy, userId));
  const drawsWon = await db
    .select({
      sorteioId: sorteios.id,
      salaId: sorteios.salaId,
      numeroVencedor: sorteios.numeroVencedor,
      valorPremioLiquido: sorteios.valorPremioLiquido,
      statusPagamentoPremio: sorteios.statusPagamentoPremio,
      data: sorteios.timestampSorteio,
    })
    .from(sorteios)
    .where(eq(sorteios.userIdVencedor, userId));

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
    participacoes: entries.map(({ participacao: p, sala: s, sorteio: d }) => ({
      id: p.id,
      numeroDaSorte: p.numeroSorte,
      valorPago: p.valorPago,
      statusPagamento: p.statusPagamento,
      metodoPagamento: p.metodoPagamento,
      vencedor: p.ehVencedor,
      txidPagamento: p.txidPagamento,
      criadaEm: p.createdAt,
      confirmadaEm: p.confirmedAt,
      sala: {
        id: s.id,
        tipo: s.tipoSala,
        status: s.status,
        valorEntrada: s.valorEntrada,
        taxaPlataforma: s.taxaPlataforma,
        premioLiquido: s.premioLiquido,
        dataSorteio: s.dataSorteio,
      },
      sorteio: d
        ? {
            id: d.id,
            numeroVencedor: d.numeroVencedor,
            data: d.timestampSorteio,
            hashProva: d.hashProva,
          }
        : null,
    })),
    sorteiosVencidos: drawsWon,
    salasCriadas: roomsCreated,
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
