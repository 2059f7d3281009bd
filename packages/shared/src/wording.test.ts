import { describe, expect, it } from 'vitest';
import {
  LOOKALIKE_LETTERS,
  formatLuckyNumber,
  luckyNumberPrefix,
  luckyNumberPrefixes,
} from './lucky-number';
import { responsiblePlayMessages } from './responsible-play';
import { roomTypes } from './rooms';
import { countOf, plural, roomNameLabel } from './wording';

describe('plural agreement', () => {
  it('is singular only for one', () => {
    expect(countOf(1, 'vitória', 'vitórias')).toBe('1 vitória');
    expect(countOf(2, 'vitória', 'vitórias')).toBe('2 vitórias');
    expect(countOf(0, 'vitória', 'vitórias')).toBe('0 vitórias');
    expect(countOf(1, 'campanha', 'campanhas')).toBe('1 campanha');
    expect(countOf(1234, 'participante', 'participantes')).toBe('1.234 participantes');
    expect(plural(-1, 'real', 'reais')).toBe('real');
    expect(plural(1.5, 'real', 'reais')).toBe('reais');
  });

  it('agrees in the notices built from a count', () => {
    expect(responsiblePlayMessages.reminder(1)).toBe(
      'Você está na Sorteio Certo há 1 minuto. Que tal fazer uma pausa?',
    );
    expect(responsiblePlayMessages.reminder(60)).toContain('há 60 minutos.');
  });
});

describe('room names', () => {
  it('start with a capital letter and keep the rest as typed', () => {
    expect(roomNameLabel('sala da família')).toBe('Sala da família');
    expect(roomNameLabel('  églantine VIP ')).toBe('Églantine VIP');
    expect(roomNameLabel('Amigos')).toBe('Amigos');
    expect(roomNameLabel('')).toBe('');
  });
});

describe('lucky-number prefixes', () => {
  it('give every kind of room its own letter', () => {
    const letters = roomTypes.map((t) => luckyNumberPrefixes[t]);
    expect(new Set(letters).size).toBe(roomTypes.length);
    // The fallback for an unknown type collides with none of them.
    expect(letters).not.toContain(luckyNumberPrefix('desconhecida'));
  });

  it('use single upper-case letters that cannot be read as a digit or another letter', () => {
    for (const t of roomTypes) {
      const letter = luckyNumberPrefixes[t];
      expect(letter).toMatch(/^[A-Z]$/);
      expect(LOOKALIKE_LETTERS).not.toContain(letter);
    }
    expect(LOOKALIKE_LETTERS).toEqual(expect.arrayContaining(['O', 'I']));
  });

  it('keep Prata and the private rooms apart (both started with P)', () => {
    expect(luckyNumberPrefix('prata')).not.toBe(luckyNumberPrefix('privada'));
    expect(luckyNumberPrefix('ouro')).not.toBe('O');
  });

  it('format the prefix, 4 clock digits and 3 random digits', () => {
    expect(formatLuckyNumber('ouro', 1_700_000_004_821, 37)).toBe('R4821037');
    expect(formatLuckyNumber('vip_ultra', 5, 999)).toBe('V0005999');
    expect(formatLuckyNumber('privada', 10_000, 0)).toMatch(/^C\d{7}$/);
  });
});
