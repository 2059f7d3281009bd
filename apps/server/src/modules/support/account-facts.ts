/**
 * What the support chat may know about the caller's own account. Every query is filtered by the
 * session's user id, never by anything the message says, so no wording can reach another user's data.
 */
import { countOf, formatBRL, formatDateTime } from '@sorteio/shared';
import { and, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  participacoes,
  payouts,
  profiles,
  salas,
  sorteios,
  user,
  verificacaoUsuario,
} from '../../db/schema';
import { walletOf } from '../wallet';

export interface AccountFacts {
  firstName: string | null;
  saldo: number;
  cashback: number;
  isVerified: boolean;
  verification: { status: 'pendente' | 'verificado' | 'rejeitado'; motivo: string | null } | null;
  twoFactorEnabled: boolean;
  entries: {
    salaId: string;
    tipoSala: string;
    numeroSorte: string;
    statusPagamento: string;
    salaStatus: string;
    participantes: number;
    maxParticipantes: number;
    ehVencedor: boolean;
    sorteioId: string | null;
    createdAt: Date;
  }[];
  lastDraw: {
    sorteioId: string;
    tipoSala: string;
    numeroVencedor: string;
    hashProva: string;
    won: boolean;
    myNumber: string;
    at: Date;
  } | null;
  lastWithdrawal: { amount: number; status: string; createdAt: Date } | null;
}

const roomLabel = (tipo: string) => tipo.replace(/_/g, ' ');

export async function loadAccountFacts(db: Db, userId: string): Promise<AccountFacts> {
  const [[u], [profile], [verification], wallet, entries, [withdrawal]] = await Promise.all([
    db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, userId)),
    db
      .select({ nome: profiles.nomeCompleto, isVerified: profiles.isVerified })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    db
      .select({
        status: verificacaoUsuario.statusVerificacao,
        motivo: verificacaoUsuario.motivoRejeicao,
      })
      .from(verificacaoUsuario)
      .where(eq(verificacaoUsuario.userId, userId)),
    walletOf(db, userId),
    db
      .select({
        salaId: participacoes.salaId,
        tipoSala: salas.tipoSala,
        numeroSorte: participacoes.numeroSorte,
        statusPagamento: participacoes.statusPagamento,
        salaStatus: salas.status,
        participantes: salas.participantesAtual,
        maxParticipantes: salas.maxParticipantes,
        ehVencedor: participacoes.ehVencedor,
        sorteioId: sorteios.id,
        numeroVencedor: sorteios.numeroVencedor,
        hashProva: sorteios.hashProva,
        drawnAt: sorteios.timestampSorteio,
        createdAt: participacoes.createdAt,
      })
      .from(participacoes)
      .innerJoin(salas, eq(salas.id, participacoes.salaId))
      .leftJoin(sorteios, eq(sorteios.salaId, participacoes.salaId))
      .where(and(eq(participacoes.userId, userId), ne(participacoes.statusPagamento, 'cancelado')))
      .orderBy(desc(participacoes.createdAt))
      .limit(10),
    db
      .select({ amount: payouts.amount, status: payouts.status, createdAt: payouts.createdAt })
      .from(payouts)
      .where(and(eq(payouts.userId, userId), eq(payouts.kind, 'withdrawal')))
      .orderBy(desc(payouts.createdAt))
      .limit(1),
  ]);
  const drawn = entries
    .filter((e) => e.sorteioId && e.drawnAt)
    .sort((a, b) => b.drawnAt!.getTime() - a.drawnAt!.getTime())[0];
  return {
    firstName: profile?.nome?.trim().split(/\s+/)[0] ?? null,
    saldo: wallet.saldo,
    cashback: wallet.cashback,
    isVerified: profile?.isVerified ?? false,
    verification: verification ?? null,
    twoFactorEnabled: u?.twoFactorEnabled ?? false,
    entries: entries.map((e) => ({
      salaId: e.salaId,
      tipoSala: e.tipoSala,
      numeroSorte: e.numeroSorte,
      statusPagamento: e.statusPagamento,
      salaStatus: e.salaStatus,
      participantes: e.participantes,
      maxParticipantes: e.maxParticipantes,
      ehVencedor: e.ehVencedor,
      sorteioId: e.sorteioId,
      createdAt: e.createdAt,
    })),
    lastDraw: drawn
      ? {
          sorteioId: drawn.sorteioId!,
          tipoSala: drawn.tipoSala,
          numeroVencedor: drawn.numeroVencedor!,
          hashProva: drawn.hashProva!,
          won: drawn.ehVencedor,
          myNumber: drawn.numeroSorte,
          at: drawn.drawnAt!,
        }
      : null,
    lastWithdrawal: withdrawal ?? null,
  };
}

const withdrawalStatusText: Record<string, string> = {
  pendente: 'na fila para envio',
  enviando: 'sendo enviado ao banco',
  confirmado: 'concluído (o PIX foi enviado)',
  devolvido: 'devolvido pelo banco; o valor voltou ao seu saldo',
};

const paymentText: Record<string, string> = {
  pendente: 'pagamento pendente',
  confirmado: 'pagamento confirmado',
};

/** Pieces of text in pt-BR, one per subject, used by the offline intents and the model's grounding. */
export function describeFacts(f: AccountFacts) {
  const open = f.entries.filter((e) => e.statusPagamento !== 'cancelado' && !e.sorteioId);
  return {
    balance: `Seu saldo é de ${formatBRL(f.saldo)} e seu cashback é de ${formatBRL(f.cashback)}.`,
    entries:
      f.entries.length === 0
        ? 'Você ainda não tem participações.'
        : `Suas participações mais recentes: ${f.entries
            .slice(0, 5)
            .map(
              (e) =>
                `sala ${roomLabel(e.tipoSala)}, número da sorte ${e.numeroSorte} (${paymentText[e.statusPagamento] ?? e.statusPagamento}${e.sorteioId ? (e.ehVencedor ? ', você venceu' : ', já sorteada') : ''})`,
            )
            .join('; ')}.`,
    nextDraw:
      open.length === 0
        ? 'Você não está em nenhuma sala aguardando sorteio.'
        : open
            .slice(0, 3)
            .map((e) => {
              const missing = Math.max(0, e.maxParticipantes - e.participantes);
              return e.salaStatus === 'aberta'
                ? `A sala ${roomLabel(e.tipoSala)} (seu número ${e.numeroSorte}) tem ${e.participantes} de ${countOf(e.maxParticipantes, 'participante', 'participantes')}: o sorteio acontece automaticamente quando faltarem 0 lugares (faltam ${missing}).`
                : `A sala ${roomLabel(e.tipoSala)} (seu número ${e.numeroSorte}) está ${e.salaStatus === 'sorteando' ? 'lotada e será sorteada em instantes' : `com status ${e.salaStatus}`}.`;
            })
            .join(' '),
    lastDraw: f.lastDraw
      ? `No seu último sorteio (sala ${roomLabel(f.lastDraw.tipoSala)}, em ${formatDateTime(f.lastDraw.at)}) o número vencedor foi ${f.lastDraw.numeroVencedor} e o seu era ${f.lastDraw.myNumber}: ${f.lastDraw.won ? 'você venceu!' : 'desta vez você não venceu.'} Hash de prova: ${f.lastDraw.hashProva}. Confira em /sorteios/${f.lastDraw.sorteioId}.`
      : 'Nenhuma sala sua foi sorteada ainda.',
    withdrawal: f.lastWithdrawal
      ? `Seu último saque, de ${formatBRL(f.lastWithdrawal.amount)} em ${formatDateTime(f.lastWithdrawal.createdAt)}, está ${withdrawalStatusText[f.lastWithdrawal.status] ?? f.lastWithdrawal.status}.`
      : 'Você ainda não pediu nenhum saque.',
    verification: !f.verification
      ? 'Você ainda não enviou seus documentos para verificação.'
      : f.verification.status === 'rejeitado'
        ? `Sua verificação foi recusada. Motivo: ${f.verification.motivo ?? 'não informado'}. Envie novas fotos na aba Verificação do perfil.`
        : f.verification.status === 'pendente'
          ? 'Sua verificação está em análise; isso pode levar alguns dias.'
          : 'Sua identidade está verificada.',
    twoFactor: f.twoFactorEnabled
      ? 'A autenticação em dois fatores (2FA) está ativada na sua conta.'
      : 'A autenticação em dois fatores (2FA) está desativada na sua conta. Recomendamos ativar.',
  };
}

export type FactTopic = keyof ReturnType<typeof describeFacts>;
