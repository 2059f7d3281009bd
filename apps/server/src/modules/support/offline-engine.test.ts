/**
 * The offline engine on the question set (informal pt-BR with typos and slang): the score and the
 * median answer time are printed for the report, and the score must stay at least 90 %.
 */
import { describe, expect, it } from 'vitest';
import { buildKnowledgeBase } from './knowledge-base';
import {
  answerOffline,
  createKnowledgeIndex,
  detectIntents,
  foldText,
  processTerm,
} from './offline-engine';
import { questionSet } from './question-set';

/** The installation's settings the answers quote. */
const settings = {
  withdrawMinCentavos: 1000,
  withdrawMaxCentavos: 1_000_000,
  cashbackPercent: 2,
  privateRoomFeePercent: 10,
  publicRoomFeeBp: 1500,
  supportEmail: 'suporte@sorteiocerto.com.br',
  supportWhatsapp: '(11) 4000-0000',
  pixChargeMinutes: 15,
};

const index = createKnowledgeIndex(
  buildKnowledgeBase({
    ...settings,
    operator: {
      name: 'Exemplo Sorteios S.A.',
      cnpj: '11444777000161',
      authorization: {
        authority: 'Secretaria de Prêmios e Apostas',
        act: 'Portaria SPA/MF nº 1.234',
        date: '2026-03-15',
        url: 'https://www.gov.br/fazenda/registro/1234',
        demonstration: false,
      },
    },
  }),
);

describe('the offline engine', () => {
  it('folds accents and case and stems Portuguese words', () => {
    expect(foldText('VERIFICAÇÃO Prêmio')).toBe('verificacao premio');
    expect(processTerm('sacar')).toBe(processTerm('saco'));
    expect(processTerm('prêmios')).toBe(processTerm('premio'));
    expect(processTerm('de')).toBeNull();
  });

  it('tells account questions from how-to questions', () => {
    expect(detectIntents('qual meu saldo?').map((i) => i.topic)).toEqual(['balance']);
    expect(detectIntents('cade meu saque').map((i) => i.topic)).toEqual(['withdrawal']);
    expect(detectIntents('como funciona o cashback')).toEqual([]);
  });

  it(`answers the question set (${questionSet.length} questions)`, () => {
    expect(questionSet.length).toBeGreaterThanOrEqual(30);
    const failures: string[] = [];
    const times: number[] = [];
    for (const q of questionSet) {
      const start = performance.now();
      const answer = answerOffline({ message: q.question, history: [], index, facts: null });
      times.push(performance.now() - start);
      const missing = q.mustContain.filter((re) => !re.test(answer.response));
      if (missing.length > 0)
        failures.push(
          `${q.question} -> missing ${missing.join(', ')} in: ${answer.response.slice(0, 160)}`,
        );
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)]!;
    const correct = questionSet.length - failures.length;
    console.info(
      `offline engine: ${correct}/${questionSet.length} answered correctly, median ${median.toFixed(2)} ms\n${failures.join('\n')}`,
    );
    expect(correct / questionSet.length).toBeGreaterThanOrEqual(0.9);
  });

  it('states the legal standing with the public record when asked if it is legal', () => {
    for (const message of ['isso é legal?', 'vocês são autorizados?', 'isso e legalizado msm?']) {
      const answer = answerOffline({ message, history: [], index, facts: null });
      expect(answer.understood, message).toBe(true);
      expect(answer.response, message).toContain(
        'Autorizado por Secretaria de Prêmios e Apostas, Portaria SPA/MF nº 1.234, de 15/03/2026.',
      );
      expect(answer.response, message).toContain('https://www.gov.br/fazenda/registro/1234');
      expect(answer.response, message).toContain('CNPJ 11.444.777/0001-61');
    }
  });

  it('says plainly when no authorisation was given (acknowledged production start)', () => {
    const without = createKnowledgeIndex(
      buildKnowledgeBase({
        ...settings,
        operator: { name: 'Exemplo Sorteios S.A.', cnpj: '11444777000161', authorization: null },
      }),
    );
    const answer = answerOffline({
      message: 'vocês são autorizados?',
      history: [],
      index: without,
      facts: null,
    });
    expect(answer.response).toContain(
      'O operador não informou uma autorização para explorar sorteios nesta instalação.',
    );
  });

  it('says it does not know instead of inventing', () => {
    const answer = answerOffline({ message: 'xyzzy qwerty', history: [], index, facts: null });
    expect(answer.understood).toBe(false);
    expect(answer.response).toMatch(/Falar com um atendente/);
  });
});
