/**
 * One test per class of malformed input that used to reach the database or the stack: each answers
 * 400 with a clear Portuguese message and changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createUser, jsonHeaders, signIn, useTestApp, verifiedPlayer } from '../test/helpers';
import { businessTables, snapshotTables } from './db-snapshot';

let player: string;
let admin: string;
let privateRoomId: string;
let tables: string[];
const ctx = useTestApp();
beforeAll(async () => {
  const p = await verifiedPlayer(ctx);
  player = p.cookie;
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.3.3');
  const room = await ctx.app.inject({
    method: 'POST',
    url: '/api/private-rooms',
    headers: { ...jsonHeaders, cookie: player },
    payload: { roomName: 'Sala dos testes', entryValue: 1000, maxParticipants: 4 },
  });
  privateRoomId = room.json<{ id: string }>().id;
  tables = await businessTables(ctx.database.db);
});

const nested = (levels: number) => `${'{"a":'.repeat(levels)}1${'}'.repeat(levels)}`;

type Case = [
  name: string,
  request: () => {
    method: 'GET' | 'POST' | 'PUT';
    url: string;
    cookie?: string;
    raw?: string;
    body?: unknown;
  },
  message: string,
];

const cases: Case[] = [
  [
    'NUL in the sign-in e-mail',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      body: { email: 'a\u0000@b.com', password: 'x' },
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'NUL in a chat message',
    () => ({
      method: 'POST',
      url: `/api/private-rooms/${privateRoomId}/messages`,
      cookie: player,
      body: { message: 'oi\u0000' },
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'NUL in the profile name',
    () => ({
      method: 'PUT',
      url: '/api/profile',
      cookie: player,
      body: { nomeCompleto: 'Ana\u0000', chavePixTipo: 'email', chavePix: 'ana@teste.com.br' },
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'NUL in a room name',
    () => ({
      method: 'POST',
      url: '/api/private-rooms',
      cookie: player,
      body: { roomName: 'Sala\u0000', entryValue: 1000, maxParticipants: 4 },
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'NUL in an administrator’s path parameter',
    () => ({
      method: 'POST',
      url: '/api/admin/users/abc%00def/status',
      cookie: admin,
      body: { statusConta: 'suspenso' },
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'a lone surrogate in a JSON key',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      raw: '{"email\\ud800":"a@b.com","password":"x"}',
    }),
    'Os dados enviados contêm caracteres inválidos.',
  ],
  [
    'deep nesting on the sign-in route',
    () => ({ method: 'POST', url: '/api/auth/sign-in/email', raw: nested(2_000) }),
    'Os dados enviados têm níveis demais de aninhamento.',
  ],
  [
    'deep nesting on the sign-up route',
    () => ({ method: 'POST', url: '/api/auth/sign-up/email', raw: `[${nested(100)}]` }),
    'Os dados enviados têm níveis demais de aninhamento.',
  ],
  [
    'an oversized e-mail at sign-up',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      body: {
        email: `${'a'.repeat(5000)}@b.com`,
        password: 'senha-segura',
        name: 'a',
        acceptLegalTerms: true,
      },
    }),
    'Por favor, digite um e-mail válido.',
  ],
  [
    'an oversized room name',
    () => ({
      method: 'POST',
      url: '/api/private-rooms',
      cookie: player,
      body: { roomName: 'x'.repeat(10_000), entryValue: 1000, maxParticipants: 4 },
    }),
    'O nome da sala deve ter no máximo 60 caracteres.',
  ],
  [
    'an unknown field on an auth route',
    () => ({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      body: { email: 'a@b.com', password: 'x', role: 'admin' },
    }),
    '',
  ],
  [
    'an out-of-range draw date',
    () => ({
      method: 'POST',
      url: '/api/admin/rooms',
      cookie: admin,
      body: { temLimitePessoas: false, dataSorteio: '+275760-09-14T00:00:00.000Z' },
    }),
    '',
  ],
  [
    'an out-of-range entry value',
    () => ({
      method: 'POST',
      url: '/api/admin/rooms',
      cookie: admin,
      body: { valorEntrada: 1e308 },
    }),
    '',
  ],
  [
    'a malformed draws cursor',
    () => ({
      method: 'GET',
      url: '/api/draws?cursor=9999-99-99T99:99:99Z_00000000-0000-0000-0000-000000000000',
    }),
    'Cursor inválido.',
  ],
];

describe('malformed input classes', () => {
  it.each(cases)('%s: 400 with a message, nothing changed', async (_name, build, message) => {
    const before = await snapshotTables(ctx.database.db, tables);
    const r = build();
    const res = await ctx.app.inject({
      method: r.method,
      url: r.url,
      headers: { ...jsonHeaders, ...(r.cookie ? { cookie: r.cookie } : {}) },
      ...(r.raw !== undefined
        ? { payload: r.raw }
        : r.body !== undefined
          ? { payload: JSON.stringify(r.body) }
          : {}),
    });
    expect(res.statusCode, res.body).toBe(400);
    const answered = res.json<{ error: { message: string } }>().error.message;
    if (message) expect(answered).toBe(message);
    else expect(answered).toMatch(/[a-zà-ú]{3,}/i);
    expect(await snapshotTables(ctx.database.db, tables)).toBe(before);
  });
});

describe('oversized bodies', () => {
  it('are refused with 413 before they are read, per route', async () => {
    const before = await snapshotTables(ctx.database.db, tables);
    const huge = JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(20_000) });
    const signIn = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders,
      payload: huge,
    });
    expect(signIn.statusCode).toBe(413);
    expect(signIn.json().error.message).toBe('Conteúdo grande demais.');
    const chat = await ctx.app.inject({
      method: 'POST',
      url: `/api/private-rooms/${privateRoomId}/messages`,
      headers: { ...jsonHeaders, cookie: player },
      payload: JSON.stringify({ message: 'x'.repeat(70_000) }),
    });
    expect(chat.statusCode).toBe(413);
    expect(await snapshotTables(ctx.database.db, tables)).toBe(before);
  });
});
