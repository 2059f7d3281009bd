/**
 * Real player questions in informal pt-BR (typos, no accents, slang) with the facts each answer
 * must contain (every regex must match the answer). Used to score the offline engine.
 */
export interface QuestionCase {
  question: string;
  /** Each must match the answer. */
  mustContain: RegExp[];
}

export const questionSet: QuestionCase[] = [
  { question: 'pix caiu?', mustContain: [/PIX/, /poucos segundos|alguns minutos/] },
  {
    question: 'paguei o pix e nao confirmou ainda',
    mustContain: [/aguarde alguns minutos|conferimos/],
  },
  { question: 'como saco meu premio', mustContain: [/\/cashback/, /chave PIX/] },
  { question: 'qual o valor minimo pra sacar', mustContain: [/R\$\s10,00/] },
  { question: 'tem limite de saque?', mustContain: [/R\$\s10,00/, /R\$\s10\.000,00/] },
  { question: 'da pra sacar o cashback?', mustContain: [/não pode ser sacado/] },
  { question: 'como funciona o cashback', mustContain: [/2%/] },
  { question: 'como coloco saldo na conta', mustContain: [/recarga/, /\/cashback/] },
  { question: 'como participa de um sorteio', mustContain: [/\/participate/, /número da sorte/] },
  { question: 'como eu entro numa sala', mustContain: [/\/participate/] },
  { question: 'qnd q sai o sorteio??', mustContain: [/automaticamente/] },
  {
    question: 'o sorteio e roubado? como sei q e justo',
    mustContain: [/\/sorteios/, /hash|prova/],
  },
  { question: 'como verificar o resultado do sorteio', mustContain: [/\/sorteios/] },
  { question: 'ganhei, quando cai o premio', mustContain: [/PIX/, /automaticamente/] },
  {
    question: 'como crio sala privada pros amigos',
    mustContain: [/\/private-rooms/, /código|link/],
  },
  { question: 'qual a taxa da sala privada', mustContain: [/10%/] },
  { question: 'como convido meus amg', mustContain: [/convite|código/] },
  { question: 'pq preciso mandar documento', mustContain: [/verifica/i, /selfie/] },
  {
    question: 'minha verificaçao foi recusada o que faço',
    mustContain: [/novas fotos|enviar novas/],
  },
  { question: 'qto tempo demora a verificacao', mustContain: [/alguns dias/] },
  { question: 'como ativa o 2fa', mustContain: [/autenticador/, /\/profile\?tab=seguranca/] },
  { question: 'autenticacao de dois fatores', mustContain: [/códigos de recuperação/] },
  { question: 'quero apagar minha conta', mustContain: [/excluir/i, /\/profile/] },
  { question: 'como baixo meus dados lgpd', mustContain: [/JSON/] },
  { question: 'menor de idade pode jogar?', mustContain: [/18 anos/] },
  { question: 'quanto voces cobram de taxa', mustContain: [/taxa/, /prêmio líquido/] },
  // What the room cards show, and the default fee of a public room (fees.platformFeeBp).
  {
    question: 'qual a taxa das salas publicas',
    mustContain: [/percentual e o valor em reais/, /padrão é de 15%/, /própria sala/],
  },
  { question: 'tem whatsapp?', mustContain: [/WhatsApp \(11\) 4000-0000/] },
  { question: 'qual o email do suporte', mustContain: [/suporte@sorteiocerto\.com\.br/] },
  { question: 'quero falar com um atendente humano', mustContain: [/Falar com um atendente/] },
  { question: 'horario de atendimento', mustContain: [/9h às 18h/] },
  { question: 'esqueci minha senha', mustContain: [/\/forgot-password/] },
  { question: 'como faço cadastro', mustContain: [/\/register/] },
  { question: 'onde vejo meu historico de participacoes', mustContain: [/\/history/] },
  { question: 'como usa a plataforma? sou novo', mustContain: [/\/tutorial/] },
  { question: 'o prêmio é o valor todo ou tem desconto', mustContain: [/líquido/] },
  { question: 'quanto tempo vale o qr code do pix', mustContain: [/15 minutos/] },
];
