/**
 * The offline support engine (the default: no network). Two parts:
 * - intents that answer from the caller's own account (balance, entries, next draw, last draw,
 *   withdrawal, verification, 2FA), always read by the session's user id;
 * - retrieval over the knowledge base with MiniSearch, accent- and case-insensitive, with the
 *   Snowball Portuguese stemmer and fuzzy matching for typos.
 */
import type MiniSearchClass from 'minisearch';
import type Snowball from 'snowball-stemmers';
import type { SupportSource } from '@sorteio/shared';
import type { AccountFacts, FactTopic } from './account-facts';
import { describeFacts } from './account-facts';
import type { KnowledgeEntry } from './knowledge-base';
import { lazyModule } from '../../lib/lazy-module';

// Loaded with the first support question, not when the server starts.
const loadMiniSearch = lazyModule<typeof MiniSearchClass>('minisearch');
const loadSnowball = lazyModule<typeof Snowball>('snowball-stemmers');
let stemmer: ReturnType<typeof Snowball.newStemmer> | undefined;

/** Lower case, no accents (NFD and drop the combining marks). */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

const STOPWORDS = new Set(
  'a o as os um uma uns umas de do da dos das no na nos nas em e ou que se por para pra pro com como meu minha meus minhas eu voce vc voces ele ela isso esse essa este esta aqui ai la ja nao sim tem ter ser estar esta sou ta to e foi vai vou ao aos me te mim qual quais quando onde porque pq oi ola bom dia boa tarde noite obrigado obrigada favor quero queria gostaria preciso consigo posso pode fazer faz mais muito sobre tudo'.split(
    ' ',
  ),
);

/** Slang and typos seen in real questions, mapped to the words the help texts use. */
const SYNONYMS: Record<string, string> = {
  saco: 'sacar',
  saca: 'sacar',
  saquei: 'sacar',
  pix: 'pix',
  grana: 'dinheiro',
  dindin: 'dinheiro',
  bufunfa: 'dinheiro',
  zap: 'whatsapp',
  whats: 'whatsapp',
  wpp: 'whatsapp',
  zapzap: 'whatsapp',
  premio: 'premio',
  premiu: 'premio',
  sorteiu: 'sorteio',
  sortei: 'sorteio',
  autenticacao: 'autenticacao',
  '2fa': '2fa',
  doc: 'documento',
  docs: 'documento',
  deleta: 'excluir',
  deletar: 'excluir',
  apaga: 'excluir',
  apagar: 'excluir',
  cadastra: 'cadastrar',
  logar: 'entrar',
  loga: 'entrar',
  senha: 'senha',
  amg: 'amigos',
  amgs: 'amigos',
  ganhei: 'ganhar',
};

export function processTerm(term: string): string | null {
  const folded = foldText(term);
  if (folded.length < 2 && !/\d/.test(folded)) return null;
  if (STOPWORDS.has(folded)) return null;
  const word = SYNONYMS[folded] ?? folded;
  stemmer ??= loadSnowball().newStemmer('portuguese');
  return stemmer.stem(word);
}

export interface OfflineAnswer {
  response: string;
  sources: SupportSource[];
  /** False when neither an intent nor a passage matched (the reply says so). */
  understood: boolean;
  intents: FactTopic[];
}

export interface KnowledgeIndex {
  search(query: string, limit?: number): KnowledgeEntry[];
  entries: KnowledgeEntry[];
}

export function createKnowledgeIndex(entries: KnowledgeEntry[]): KnowledgeIndex {
  const MiniSearch = loadMiniSearch();
  const index = new MiniSearch<KnowledgeEntry>({
    fields: ['title', 'keywords', 'text'],
    storeFields: ['id'],
    processTerm,
    searchOptions: {
      boost: { keywords: 3, title: 2 },
      fuzzy: (term) => (term.length > 4 ? 0.25 : 0),
      prefix: (term) => term.length > 3,
      combineWith: 'OR',
    },
  });
  index.addAll(entries);
  const byId = new Map(entries.map((e) => [e.id, e]));
  return {
    entries,
    search(query, limit = 3) {
      const results = index.search(query);
      if (results.length === 0) return [];
      const best = results[0]!.score;
      // Keep only passages close to the best one: a weak second hit only adds noise.
      return results
        .filter((r) => r.score >= best * 0.6)
        .slice(0, limit)
        .map((r) => byId.get(String(r.id))!);
    },
  };
}

/**
 * Account intents: a subject word and a sign that the person asks about their own account
 * ("meu", "minha", "tenho", "quanto", "cade"...). Matched on folded text, allowing common typos.
 */
const PERSONAL =
  /\b(meu|minha|meus|minhas|mei|mue|tenho|tem quanto|quanto|cade|ja|eu|pra mim|comigo|minah)\b/;
const INTENTS: { topic: FactTopic; pattern: RegExp; personal: boolean; source: SupportSource }[] = [
  {
    topic: 'withdrawal',
    pattern: /\b(saque|saques|saquei|sacar|sacado|retirada)\b/,
    personal: true,
    source: { title: 'Saldo e saques', href: '/cashback' },
  },
  {
    topic: 'balance',
    pattern: /\b(saldo|sadlo|saldp|cashback|cash back|quanto tenho|tenho quanto|pontos)\b/,
    personal: true,
    source: { title: 'Saldo e cashback', href: '/cashback' },
  },
  {
    topic: 'verification',
    pattern:
      /\b(verificac\w*|verificad\w*|documento\w*|recusad\w*|rejeitad\w*|reprovad\w*|negad\w*)\b/,
    personal: true,
    source: { title: 'Verificação de identidade', href: '/profile?tab=verificacao' },
  },
  {
    topic: 'twoFactor',
    pattern: /\b(2fa|dois fatores|duas etapas|autenticador)\b/,
    personal: true,
    source: { title: 'Segurança da conta', href: '/profile?tab=seguranca' },
  },
  {
    topic: 'lastDraw',
    pattern: /\b(resultado|ultimo sorteio|ganhei|ganhou|perdi|venci|quem ganhou|prova|hash)\b/,
    personal: true,
    source: { title: 'Sorteios', href: '/sorteios' },
  },
  {
    topic: 'nextDraw',
    pattern:
      /\b(quando|que horas|falta\w*|demora)\b.*\b(sorte\w*|sala)\b|\bvai ser sortead\w*|\bsera sortead\w*/,
    personal: true,
    source: { title: 'Histórico', href: '/history' },
  },
  {
    topic: 'entries',
    pattern:
      /\b(numero\w* da sorte|meus numeros|minhas participac\w*|minhas entradas|participando|participac\w*)\b/,
    personal: true,
    source: { title: 'Histórico', href: '/history' },
  },
];

export function detectIntents(message: string): typeof INTENTS {
  const text = foldText(message);
  const personal = PERSONAL.test(text);
  const found = INTENTS.filter((i) => i.pattern.test(text) && (!i.personal || personal));
  // "como faço pra sacar" is a how-to question, not "where is my withdrawal": a how-to wording
  // without a status word leaves it to the help texts.
  const howTo = /\b(como|onde|posso|da pra|consigo)\b/.test(text);
  const status =
    /\b(status|cade|caiu|chegou|saiu|ja|andamento|situacao|meu|minha|qual|quanto|quando|por ?que|pq|ta |esta)\b/.test(
      text,
    );
  return howTo && !status ? [] : found.slice(0, 2);
}

export const notUnderstood =
  'Não encontrei essa informação na nossa central de ajuda. Você pode reformular a pergunta ou clicar em "Falar com um atendente" para falar com a nossa equipe.';

export function answerOffline(options: {
  message: string;
  history: { text: string; isUser: boolean }[];
  index: KnowledgeIndex;
  facts: AccountFacts | null;
}): OfflineAnswer {
  const intents = detectIntents(options.message);
  const parts: string[] = [];
  const sources: SupportSource[] = [];
  if (intents.length > 0) {
    if (!options.facts) {
      parts.push(
        'Para consultar dados da sua conta, entre com seu e-mail e senha em /login e pergunte de novo.',
      );
      sources.push({ title: 'Entrar', href: '/login' });
    } else {
      const text = describeFacts(options.facts);
      for (const intent of intents) {
        parts.push(text[intent.topic]);
        sources.push(intent.source);
      }
    }
  }
  {
    // A short follow-up ("e o saque?") is read together with the previous question.
    let hits = options.index.search(options.message, 2);
    if (hits.length === 0) {
      const lastUser = [...options.history].reverse().find((h) => h.isUser);
      if (lastUser) hits = options.index.search(`${lastUser.text} ${options.message}`, 1);
    }
    for (const hit of hits.slice(0, intents.length > 0 ? 1 : 2)) {
      parts.push(hit.text);
      sources.push({ title: hit.title, href: hit.href });
    }
  }
  if (parts.length === 0)
    return {
      response: notUnderstood,
      sources: [{ title: 'Central de Suporte', href: '/support' }],
      understood: false,
      intents: [],
    };
  const unique = sources.filter((s, i) => sources.findIndex((o) => o.href === s.href) === i);
  return {
    response: parts.join('\n\n'),
    sources: unique,
    understood: true,
    intents: intents.map((i) => i.topic),
  };
}
