/**
 * The help texts of the platform, in pt-BR: what the support chat searches (offline engine) and
 * what it hands to the language model as grounding. Figures that an administrator can change
 * (withdrawal limits, cashback, contact channels) are filled in from the live configuration.
 */
import {
  authorizationStatement,
  formatBRL,
  formatCnpj,
  formatFeePercent,
  type OperatorAuthorization,
  countOf,
} from '@sorteio/shared';

export interface KnowledgeFacts {
  withdrawMinCentavos: number;
  withdrawMaxCentavos: number;
  cashbackPercent: number;
  privateRoomFeePercent: number;
  /** The default fee of a new public room (setting fees.platformFeeBp), in basis points. */
  publicRoomFeeBp: number;
  supportEmail: string;
  supportWhatsapp: string;
  pixChargeMinutes: number;
  /** The operating company and its authorisation, from the configuration (OPERATOR_*). */
  operator: {
    name: string;
    cnpj: string;
    authorization: OperatorAuthorization | null;
  };
}

export interface KnowledgeEntry {
  id: string;
  title: string;
  /** The page to open (a path of this site). */
  href: string;
  /** Words players use for this subject (slang, synonyms) that the text itself may not contain. */
  keywords: string;
  text: string;
}

export function buildKnowledgeBase(f: KnowledgeFacts): KnowledgeEntry[] {
  const min = formatBRL(f.withdrawMinCentavos);
  const max = formatBRL(f.withdrawMaxCentavos);
  return [
    {
      id: 'cadastro',
      title: 'Como criar a conta e entrar',
      href: '/register',
      keywords:
        'cadastrar cadastro registrar criar conta inscrever login entrar logar senha email confirmar',
      text: 'Para participar, crie sua conta em /register com e-mail e senha (mínimo de 6 caracteres). Depois confirme o e-mail pelo link que enviamos e entre em /login. Esqueceu a senha? Use "Esqueci minha senha" em /forgot-password: o link de recuperação vale 1 hora.',
    },
    {
      id: 'participar',
      title: 'Como participar de um sorteio',
      href: '/participate',
      keywords:
        'participar entrar entro sala salas publicas jogar apostar comprar numero bilhete como funciona sorteio rifa',
      text: 'Abra "Participar" (/participate), escolha uma sala aberta e pague a entrada por PIX ou com o seu saldo. Você recebe um número da sorte na hora. Para participar é preciso ter a identidade verificada e ter 18 anos ou mais. Não é possível entrar duas vezes na mesma sala. Quando a sala lota, o sorteio acontece automaticamente.',
    },
    {
      id: 'pix',
      title: 'Pagamento por PIX',
      href: '/participate',
      keywords:
        'pix pagar pagamento qr code copia cola caiu compensou confirmou demora pendente nao caiu transferencia',
      text: `O pagamento da entrada é por PIX: escaneie o QR Code ou use o código "copia e cola" no app do seu banco. A cobrança vale ${countOf(f.pixChargeMinutes, 'minuto', 'minutos')}. O PIX costuma ser confirmado em poucos segundos e a tela muda sozinha para "Pagamento Confirmado!". Se o PIX caiu mas a tela não mudou, aguarde alguns minutos: conferimos os pagamentos com o banco periodicamente. Um PIX pago depois do prazo não se perde: o valor vai para o seu saldo.`,
    },
    {
      id: 'saldo',
      title: 'Saldo e cashback',
      href: '/cashback',
      keywords:
        'saldo pontos carteira dinheiro quanto tenho cashback adicionar saldo recarregar depositar deposito credito',
      text: `Seu saldo fica na página Cashback (/cashback). O saldo vem de recargas por PIX, prêmios e devoluções e pode ser usado nas entradas ou sacado por PIX. O cashback é de ${f.cashbackPercent}% de cada entrada confirmada: pode ser usado para pagar entradas, mas não pode ser sacado. Para adicionar saldo, gere um PIX de recarga na página Cashback.`,
    },
    {
      id: 'saque',
      title: 'Saques por PIX e seus limites',
      href: '/cashback',
      keywords:
        'sacar saque retirar tirar dinheiro transferir resgatar resgate receber limite minimo maximo chave pix conta premio saldo',
      text: `Você pode sacar o saldo para a sua própria chave PIX na página Cashback (/cashback). O saque mínimo é de ${min} e o máximo de ${max} por pedido. A chave PIX é a cadastrada no seu perfil (/profile). O saque é enviado automaticamente; se o banco devolver, o valor volta ao seu saldo. O cashback não pode ser sacado.`,
    },
    {
      id: 'premio',
      title: 'Prêmios',
      href: '/history',
      keywords:
        'premio ganhei ganhar ganhador vencedor receber premio pago cai quando recebo valor liquido',
      text: 'Quando você ganha, o prêmio líquido é pago automaticamente por PIX na chave cadastrada no seu perfil, logo depois do sorteio. Se não houver chave PIX ou o envio falhar, o prêmio é creditado no seu saldo e você pode sacar depois. Veja seus prêmios em Histórico (/history).',
    },
    {
      id: 'sorteio',
      title: 'Como o sorteio é feito e como conferir',
      href: '/sorteios',
      keywords:
        'sorteio sorteado resultado verificar conferir prova hash transparencia justo confiavel roubado manipulado quando sorteia',
      text: 'O sorteio acontece automaticamente quando a sala completa todos os lugares pagos. Antes do sorteio publicamos um compromisso (hash) da semente; depois publicamos a semente, a lista de participantes e o hash de prova (hash_prova). Qualquer pessoa pode conferir o resultado na página de sorteios (/sorteios), abrindo o sorteio e clicando em verificar: a conta é refeita no seu navegador.',
    },
    {
      id: 'historico',
      title: 'Histórico e estatísticas',
      href: '/history',
      keywords: 'historico participacoes minhas entradas numeros da sorte estatisticas vitorias',
      text: 'Em Histórico (/history) você vê todas as suas participações com o número da sorte, a sala e o resultado (Vencedor, Finalizada, Sorteando ou Aguardando). Em Estatísticas (/stats) ficam seus totais: investido, ganho e vitórias.',
    },
    {
      id: 'salas-privadas',
      title: 'Salas privadas',
      href: '/private-rooms',
      keywords: 'sala privada amigos convidar convite codigo criar sala particular grupo',
      text: `Em Salas Privadas (/private-rooms) você cria uma sala para jogar com amigos: escolha o nome, o valor da entrada (a partir de R$ 1,00) e de 2 a 100 participantes. Compartilhe o código de 8 caracteres ou o link de convite. A taxa da plataforma nas salas privadas é de ${f.privateRoomFeePercent}%. A sala tem chat entre os participantes.`,
    },
    {
      id: 'verificacao',
      title: 'Verificação de identidade',
      href: '/profile?tab=verificacao',
      keywords:
        'verificar verificacao identidade documento rg cnh cpf selfie foto recusado rejeitado reprovado aprovado validar conta',
      text: 'Para participar é preciso verificar a identidade em Perfil, aba Verificação (/profile?tab=verificacao): envie a foto de um documento (RG, CPF ou CNH) e uma selfie. A análise pode levar alguns dias. Se for recusada, o motivo aparece na mesma aba e você pode enviar novas fotos: use imagens nítidas, sem reflexo, com o documento inteiro e legível.',
    },
    {
      id: '2fa',
      title: 'Autenticação em dois fatores (2FA)',
      href: '/profile?tab=seguranca',
      keywords:
        '2fa dois fatores autenticacao duas etapas autenticador codigo google authenticator seguranca proteger conta',
      text: 'Ative a autenticação em dois fatores em Perfil, aba Segurança (/profile?tab=seguranca): leia o QR Code com um aplicativo autenticador e digite o código de 6 dígitos. Guarde os 10 códigos de recuperação: cada um funciona uma vez se você perder o celular.',
    },
    {
      id: 'dados',
      title: 'Seus dados, exportação e exclusão da conta (LGPD)',
      href: '/profile',
      keywords:
        'lgpd privacidade meus dados exportar baixar excluir apagar deletar encerrar cancelar conta',
      text: 'Pela LGPD você pode baixar todos os seus dados em JSON e excluir sua conta no Perfil (/profile), em "Seus dados". Ao excluir, seus dados pessoais são apagados; registros financeiros ficam anônimos pelo prazo exigido por lei. As conversas do suporte são guardadas por 180 dias. Veja a Política de Privacidade em /privacy.',
    },
    {
      id: 'idade',
      title: 'Idade mínima',
      href: '/profile',
      keywords: 'idade menor de idade 18 anos maior adolescente',
      text: 'A plataforma é só para maiores de 18 anos. A data de nascimento do perfil e o documento da verificação confirmam a idade.',
    },
    {
      id: 'taxas',
      title: 'Taxas e prêmio líquido',
      href: '/participate',
      keywords:
        'taxa taxas tarifa cobranca desconto porcentagem premio bruto liquido quanto fica plataforma',
      // Says what the room cards show (Entrada, Taxa da Plataforma with % and amount, Prêmio) and
      // where the number comes from, the same rule the draw applies (splitPool).
      text: `Cada sala mostra, antes de você pagar, o valor da entrada, a taxa da plataforma (o percentual e o valor em reais) e o prêmio. O prêmio bruto é a soma das entradas; a taxa da plataforma é descontada e o vencedor recebe o prêmio líquido. A taxa é a da própria sala, fixada quando ela é criada: nas salas públicas o padrão é de ${formatFeePercent(f.publicRoomFeeBp)}, mas uma sala pode ter a sua; nas salas privadas é de ${f.privateRoomFeePercent}%. O valor da taxa é arredondado ao centavo e é o mesmo que o sorteio desconta. Não há taxa para pagar por PIX nem para sacar.`,
    },
    {
      id: 'contato',
      title: 'Atendimento e canais de contato',
      href: '/support',
      keywords:
        'atendente humano pessoa falar contato whatsapp telefone email suporte horario atendimento reclamacao ajuda',
      text: `O chat responde a qualquer hora. Para falar com uma pessoa, use "Falar com um atendente" nesta página: a equipe responde aqui e por e-mail, de segunda a sexta, das 9h às 18h (horário de Brasília). Também atendemos pelo e-mail ${f.supportEmail} e pelo WhatsApp ${f.supportWhatsapp}.`,
    },
    {
      id: 'legalidade',
      title: 'Autorização e legalidade',
      href: '/regulamento',
      keywords:
        'legal legalidade legalizado ilegal autorizado autorizada autorizacao autorizados permitido licenca licenciado regulamentado regularizado confiavel golpe lei portaria governo cnpj empresa',
      text: legalStandingText(f.operator),
    },
    {
      id: 'tutorial',
      title: 'Como usar a plataforma',
      href: '/tutorial',
      keywords:
        'tutorial usar usa uso funciona plataforma site comecar novo nova primeiro passo iniciante passo a passo',
      text: 'O passo a passo está em /tutorial: 1) cadastre-se e entre; 2) adicione saldo por PIX; 3) participe dos sorteios; 4) ganhe prêmios e saque por PIX.',
    },
  ];
}

/** The legal standing as the assistant states it: the company, the authorisation and its record. */
function legalStandingText(operator: KnowledgeFacts['operator']): string {
  const company = `A plataforma é operada por ${operator.name}, CNPJ ${formatCnpj(operator.cnpj)}.`;
  const record = operator.authorization
    ? ` Confira no registro público: ${operator.authorization.url}`
    : '';
  return `${company} ${authorizationStatement(operator.authorization)}${record} Os dados também estão no rodapé de todas as páginas, nos Termos de Uso e no Regulamento dos Sorteios (/regulamento).`;
}
