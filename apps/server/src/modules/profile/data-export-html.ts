/**
 * The personal-data export as a page the player can read and print (LGPD art. 18, II asks for a
 * copy in a clear form): the same data as the JSON, one section per record kind. Every value is
 * escaped; no script runs on the page.
 */
import { formatBRL } from '@sorteio/shared';
import { brazilDateTimeText } from '../../lib/brazil-time';

/** Section titles in the order shown; a section the page does not know keeps its JSON key. */
const SECTION_TITLES: Record<string, string> = {
  conta: 'Conta',
  perfil: 'Perfil',
  formasDeAcesso: 'Formas de acesso',
  verificacaoEmDuasEtapas: 'Verificação em duas etapas',
  verificacao: 'Verificação de identidade (situação atual)',
  verificacoesDeIdentidade: 'Verificações de identidade enviadas',
  atestadosDeIdentidade: 'Atestados de identidade',
  aceitesDeTermos: 'Aceites dos Termos de Uso e do Regulamento',
  consentimentoDeMarketing: 'Consentimento de marketing',
  preferenciasDeNotificacao: 'Preferências de notificação',
  historicoDeConsentimentoDeNotificacoes: 'Histórico de consentimento de notificações',
  participacoes: 'Participações',
  sorteiosVencidos: 'Sorteios vencidos',
  salasCriadas: 'Salas criadas',
  cobrancasPix: 'Cobranças PIX',
  pagamentosPixRecebidos: 'Pagamentos PIX recebidos',
  contasDeSaldo: 'Saldos',
  extrato: 'Extrato',
  transacoes: 'Transações',
  saquesEPremios: 'Saques e prêmios pagos por PIX',
  jogoResponsavel: 'Jogo responsável',
  sessoesAtivas: 'Sessões ativas',
  ultimaAtividade: 'Última atividade',
  registrosDeSeguranca: 'Registro de segurança',
  conversasDoSuporte: 'Conversas com o assistente',
  atendimentos: 'Atendimentos',
  salasPrivadasCriadas: 'Salas privadas criadas',
  mensagensEmSalasPrivadas: 'Mensagens em salas privadas',
  notificacoesEnviadas: 'Notificações enviadas',
  smsDeCampanhas: 'SMS de campanhas',
  campanhasDeRemarketing: 'Campanhas recebidas',
  acoesDaEquipeSobreMinhaConta: 'Ações da equipe sobre a conta',
  exportacoesDeDadosPedidas: 'Cópias dos dados pedidas',
  notificacoesNoCelular: 'Aparelhos com notificações no celular',
};

/** Fields that hold integer centavos, shown as reais. */
const MONEY_KEYS = new Set([
  'valorPago',
  'valorEntrada',
  'taxaPlataforma',
  'premioLiquido',
  'valorPremioLiquido',
  'amount',
  'saldo',
  'valor',
  'balance',
  'amountCentavos',
  'pendingAmountCentavos',
  'valorTotal',
]);

/** Portuguese labels of the fields; one without a label is split into words ("criadoEm": "Criado em"). */
const FIELD_LABELS: Record<string, string> = {
  id: 'Identificador',
  email: 'E-mail',
  name: 'Nome',
  emailVerified: 'E-mail confirmado',
  createdAt: 'Criado em',
  updatedAt: 'Atualizado em',
  expiresAt: 'Expira em',
  role: 'Papel',
  userId: 'Conta',
  status: 'Situação',
  kind: 'Tipo',
  amount: 'Valor',
  balance: 'Saldo',
  txid: 'Identificador PIX (txid)',
  ipAddress: 'Endereço IP',
  ip: 'Endereço IP',
  userAgent: 'Navegador',
  numeroDaSorte: 'Número da sorte',
  valorPago: 'Valor pago',
  statusPagamento: 'Situação do pagamento',
  metodoPagamento: 'Forma de pagamento',
  vencedor: 'Vencedor',
  txidPagamento: 'Identificador PIX do pagamento',
  criadaEm: 'Criada em',
  confirmadaEm: 'Confirmada em',
  valorEntrada: 'Valor da entrada',
  taxaPlataforma: 'Taxa da plataforma',
  premioLiquido: 'Prêmio líquido',
  valorPremioLiquido: 'Prêmio líquido',
  dataSorteio: 'Data do sorteio',
  numeroVencedor: 'Número vencedor',
  hashProva: 'Prova (hash)',
  salaId: 'Sala',
  participacaoId: 'Participação',
  salaPrivadaId: 'Sala privada',
  acao: 'Ação',
  papelDaEquipe: 'Papel da equipe',
  data: 'Data',
  descricao: 'Descrição',
  tipo: 'Tipo',
  valor: 'Valor',
  conta: 'Conta',
  saldo: 'Saldo',
  mensagem: 'Mensagem',
  pergunta: 'Pergunta',
  resposta: 'Resposta',
  texto: 'Texto',
  termsVersion: 'Versão dos Termos de Uso',
  rulesVersion: 'Versão do Regulamento',
  acceptedAt: 'Aceito em',
  nomeCompleto: 'Nome completo',
  cpf: 'CPF',
  dataNascimento: 'Data de nascimento',
  telefone: 'Telefone',
  chavePix: 'Chave PIX',
  chavePixTipo: 'Tipo da chave PIX',
  provedor: 'Forma de acesso',
  senhaDefinida: 'Senha definida',
  criadoEm: 'Criado em',
  configurada: 'Configurada',
  confirmada: 'Confirmada',
  cidade: 'Cidade',
  estado: 'Estado',
  pais: 'País',
  navegador: 'Navegador',
  pedidaEm: 'Pedida em',
  prontaEm: 'Pronta em',
  expiraEm: 'Expira em',
  comImagens: 'Com as imagens',
};

const labelOf = (key: string) =>
  FIELD_LABELS[key] ??
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/^./, (c) => c.toUpperCase());

/** ISO 8601 date-times (as the JSON holds them), shown in Brasília time. */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;
export const brasiliaDateTime = (iso: string) =>
  brazilDateTimeText(new Date(iso), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function scalar(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'sim' : 'não';
  if (typeof value === 'number' && MONEY_KEYS.has(key) && Number.isSafeInteger(value))
    return escapeHtml(formatBRL(value));
  if (typeof value === 'string' && ISO_DATE_TIME.test(value))
    return escapeHtml(brasiliaDateTime(value));
  if (typeof value === 'object') return `<code>${escapeHtml(JSON.stringify(value))}</code>`;
  return escapeHtml(typeof value === 'string' ? value : JSON.stringify(value));
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function render(key: string, value: unknown): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '<p class="vazio">Nenhum registro.</p>';
    if (!value.every(isRecord))
      return `<ul>${value.map((v) => `<li>${scalar(key, v)}</li>`).join('')}</ul>`;
    const columns = [...new Set(value.flatMap((row) => Object.keys(row)))];
    const head = columns.map((c) => `<th scope="col">${escapeHtml(labelOf(c))}</th>`).join('');
    const body = value
      .map(
        (row) =>
          `<tr>${columns
            .map((c) => {
              const cell = row[c];
              return `<td>${isRecord(cell) || Array.isArray(cell) ? render(c, cell) : scalar(c, cell)}</td>`;
            })
            .join('')}</tr>`,
      )
      .join('');
    return `<div class="rolagem"><table><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
  }
  if (isRecord(value)) {
    const rows = Object.entries(value)
      .map(
        ([k, v]) =>
          `<tr><th scope="row">${escapeHtml(labelOf(k))}</th><td>${
            isRecord(v) || Array.isArray(v) ? render(k, v) : scalar(k, v)
          }</td></tr>`,
      )
      .join('');
    return `<div class="rolagem"><table class="ficha"><tbody>${rows}</tbody></table></div>`;
  }
  return `<p>${scalar(key, value)}</p>`;
}

export function renderPersonalDataHtml(raw: Record<string, unknown>): string {
  // Through JSON first, so the page shows exactly what the JSON download holds (dates as ISO text).
  const data = JSON.parse(JSON.stringify(raw)) as Record<string, unknown>;
  const keys = [
    ...Object.keys(SECTION_TITLES).filter((k) => k in data),
    ...Object.keys(data).filter((k) => !(k in SECTION_TITLES) && k !== 'geradoEm'),
  ];
  const sections = keys
    .map(
      (k) =>
        `<section><h2>${escapeHtml(SECTION_TITLES[k] ?? k)}</h2>${render(k, data[k])}</section>`,
    )
    .join('\n');
  const generated =
    typeof data.geradoEm === 'string' ? brazilDateTimeText(new Date(data.geradoEm)) : '';
  return `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Meus dados — Sorteio Certo</title>
<style>
body{font-family:system-ui,sans-serif;margin:1rem;color:#111;line-height:1.4}
h1{font-size:1.4rem}h2{font-size:1.1rem;margin-top:1.5rem;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85rem;margin:.25rem 0}
th,td{border:1px solid #ddd;padding:.25rem .4rem;text-align:left;vertical-align:top}
.rolagem{overflow-x:auto}.vazio{color:#555}code{word-break:break-all;font-size:.8rem}
@media print{.rolagem{overflow:visible}}
</style>
</head>
<body>
<h1>Meus dados no Sorteio Certo</h1>
<p>Cópia dos dados pessoais mantidos sobre você (LGPD, art. 18, II)${
    generated ? `, gerada em ${escapeHtml(generated)}` : ''
  }. Valores em reais (R$); datas e horas no horário de Brasília. Senhas, chaves de 2FA e tokens de sessão nunca são incluídos; as imagens dos documentos só entram no arquivo .zip pedido com elas.</p>
${sections}
</body>
</html>
`;
}
