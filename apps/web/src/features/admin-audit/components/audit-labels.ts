import { roleLabels } from '@sorteio/shared';

/**
 * Portuguese names of the action codes the server writes (grep `writeAudit(` in apps/server).
 * A code missing here is shown as is.
 */
export const actionLabels: Record<string, string> = {
  'room.create': 'Sala criada',
  'room.update': 'Sala editada',
  'room.status': 'Status da sala alterado',
  'room.delete': 'Sala excluída',
  'room.draw': 'Sorteio realizado',
  'room.cancel': 'Sala cancelada',
  'private_room.update': 'Sala privada editada pela equipe',
  'private_room.close': 'Sala privada fechada pela equipe',
  'private_room.draw': 'Sala privada sorteada pela equipe',
  'user.create': 'Usuário criado',
  'user.status': 'Status do usuário alterado',
  'user.verify': 'Usuário verificado',
  'user.unverify': 'Verificação removida',
  'user.role': 'Função alterada',
  'staff.create': 'Funcionário criado',
  'identity.approve': 'Identidade aprovada',
  'identity.attest': 'Identidade atestada pela equipe',
  'identity.reject': 'Identidade rejeitada',
  'identity.document.read': 'Documento de identidade consultado',
  'finance.export': 'Relatório exportado',
  'finance.audit.run': 'Auditoria do livro-caixa executada',
  'payout.retry': 'Pagamento: nova tentativa',
  'payout.credit_to_saldo': 'Pagamento creditado no saldo',
  'pix.credentials': 'Credenciais PIX salvas',
  'pix.certificate': 'Certificado PIX enviado',
  'pix.test': 'Conexão PIX testada',
  'pix.remove': 'Configuração PIX removida',
  'connection.create': 'Conexão criada',
  'connection.update': 'Conexão editada',
  'connection.delete': 'Conexão excluída',
  'webhook.resend': 'Webhook reenviado',
  'settings.update': 'Configurações alteradas',
  'campaign.create': 'Campanha criada',
  'campaign.status': 'Status da campanha alterado',
  'campaign.run': 'Campanha disparada',
  'campaign.update': 'Campanha editada',
  'campaign.export': 'Relatório de campanha exportado',
  'campaign.settings': 'Padrões dos canais de campanha alterados',
  'support.reply': 'Chamado respondido',
  'support.close': 'Chamado encerrado',
};

export const actionLabel = (code: string): string => actionLabels[code] ?? code;

/**
 * The 'Ação' filter: the server matches the start of the code, so a group's prefix ("room.")
 * finds every action of that group.
 */
export const actionGroups: { label: string; prefix: string }[] = [
  { label: 'Salas', prefix: 'room.' },
  { label: 'Salas privadas', prefix: 'private_room.' },
  { label: 'Usuários', prefix: 'user.' },
  { label: 'Equipe', prefix: 'staff.' },
  { label: 'Identidade', prefix: 'identity.' },
  { label: 'Financeiro', prefix: 'finance.' },
  { label: 'Pagamentos', prefix: 'payout.' },
  { label: 'PIX', prefix: 'pix.' },
  { label: 'Conexões', prefix: 'connection.' },
  { label: 'Webhooks', prefix: 'webhook.' },
  { label: 'Configurações', prefix: 'settings.' },
  { label: 'Campanhas', prefix: 'campaign.' },
  { label: 'Suporte', prefix: 'support.' },
];

export const actionsOf = (prefix: string): string[] =>
  Object.keys(actionLabels).filter((code) => code.startsWith(prefix));

/** Portuguese names of the target types; the 'Alvo' filter suggests these codes. */
export const targetTypeLabels: Record<string, string> = {
  room: 'Sala',
  private_room: 'Sala privada',
  ledger_audit: 'Auditoria do livro-caixa',
  user: 'Usuário',
  report: 'Relatório',
  payout: 'Pagamento',
  pix_config: 'Configuração PIX',
  connection: 'Conexão',
  webhook_delivery: 'Entrega de webhook',
  settings: 'Configurações',
  campaign: 'Campanha',
  support_ticket: 'Chamado de suporte',
};

export const targetTypeLabel = (code: string): string => targetTypeLabels[code] ?? code;

const roles: Record<string, string | undefined> = roleLabels;
export const roleLabel = (code: string): string => roles[code] ?? code;
