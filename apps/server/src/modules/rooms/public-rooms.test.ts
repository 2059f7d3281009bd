import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TestContext,
  caller,
  createTestApp,
  createUser,
  signIn,
  verifiedPlayer,
} from '../../test/helpers';

let ctx: TestContext;
let admin: string;
let webDir: string;
const shell = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <title>Sorteio Certo</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

beforeAll(async () => {
  webDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(path.join(webDir, 'index.html'), shell);
  ctx = await createTestApp({ config: { staticDir: webDir } });
  admin = await signIn(ctx, await createUser(ctx, { role: 'admin' }), '198.18.2.1');
});
afterAll(async () => {
  await ctx.close();
  rmSync(webDir, { recursive: true, force: true });
});

async function createRoom(body: object) {
  const res = await caller(ctx)('POST', '/api/admin/rooms', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ id: string; commitment: string }>();
}

describe('public rooms for visitors', () => {
  it('lists open rooms and shows one room without a sign-in, with no seed', async () => {
    const room = await createRoom({ tipoSala: 'ouro', valorEntrada: 2500, maxParticipantes: 20 });
    const list = await ctx.app.inject({ method: 'GET', url: '/api/public/rooms' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('public, no-cache');
    expect(list.json<{ id: string }[]>().map((r) => r.id)).toContain(room.id);
    const one = await ctx.app.inject({ method: 'GET', url: `/api/public/rooms/${room.id}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ id: room.id, commitment: room.commitment });
    expect(one.body).not.toMatch(/seed/i);
    // The signed-in route still asks for a session.
    const signedIn = await ctx.app.inject({ method: 'GET', url: `/api/rooms/${room.id}` });
    expect(signedIn.statusCode).toBe(401);
  });

  it('answers 404 for a private room’s record and for an unknown id', async () => {
    const creator = await verifiedPlayer(ctx);
    const created = await caller(ctx)('POST', '/api/private-rooms', creator.cookie, {
      roomName: 'Amigos',
      entryValue: 1000,
      maxParticipants: 3,
    });
    expect(created.statusCode, created.body).toBe(200);
    const salaId = created.json<{ sala: { id: string } }>().sala.id;
    for (const url of [
      `/api/public/rooms/${salaId}`,
      `/api/public/rooms/${salaId}/preview.png`,
      '/api/public/rooms/00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await ctx.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/public/rooms' });
    expect(list.json<{ id: string }[]>().map((r) => r.id)).not.toContain(salaId);
    // The page of a private room's record is the plain shell: no tags that would name it.
    const page = await ctx.app.inject({ method: 'GET', url: `/salas/${salaId}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('og:title');
  });

  it('puts the room’s Open Graph and Twitter card tags in the head of /salas/:id', async () => {
    const room = await createRoom({
      tipoSala: 'vip_ultra',
      valorEntrada: 1000,
      maxParticipantes: 10,
      taxaPersonalizadaBp: 1500,
    });
    const res = await ctx.app.inject({ method: 'GET', url: `/salas/${room.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const head = res.body.slice(0, res.body.indexOf('</head>'));
    const meta = (key: string) =>
      new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(head)?.[1];
    expect(meta('og:title')).toBe('Sala VIP Ultra · Sorteio Certo');
    // 10 x R$ 10,00 = R$ 100,00, less 15 %: R$ 85,00 (splitPool).
    expect(meta('og:description')).toContain('Prêmio de R$\u00a085,00');
    expect(meta('og:description')).toContain('10 vagas restantes');
    expect(meta('og:url')).toBe(`${ctx.config.baseUrl}/salas/${room.id}`);
    expect(meta('og:image')).toBe(
      `${ctx.config.baseUrl}/api/public/rooms/${room.id}/preview.png?v=0-aberta`,
    );
    expect(meta('twitter:card')).toBe('summary_large_image');
    expect(meta('twitter:image')).toBe(meta('og:image'));
    // One title: the room's replaces the shell's.
    expect(head.match(/<title>/g)).toHaveLength(1);
    expect(head).toContain('<title>Sala VIP Ultra · Sorteio Certo</title>');
    // Compressed for a browser that accepts it, and the same page.
    const br = await ctx.app.inject({
      method: 'GET',
      url: `/salas/${room.id}`,
      headers: { 'accept-encoding': 'br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('escapes what it writes in the head', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/salas/%22%3E%3Cscript%3E' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('<script>');
    expect(res.body).not.toContain('og:title');
  });

  it('renders the preview image as a 1200x630 PNG and keeps it while nothing changes', async () => {
    const room = await createRoom({ tipoSala: 'prata', valorEntrada: 500, maxParticipantes: 4 });
    const url = `/api/public/rooms/${room.id}/preview.png`;
    const first = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    const png = first.rawPayload;
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    // IHDR: width and height, big-endian, at bytes 16 and 20.
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBe(630);
    expect(png.length).toBeGreaterThan(5000);
    const second = await ctx.app.inject({ method: 'GET', url });
    expect(second.rawPayload.equals(png)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
  });
});
