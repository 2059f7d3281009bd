import { unzipSync, strFromU8 } from 'fflate';
import { eq } from 'drizzle-orm';
import { mkdtempSync, readdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataExports, verificacaoUsuario } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import { type TestContext, createTestApp, jsonHeaders, verifiedPlayer } from '../../test/helpers';
import { purgeExpiredDataExports } from './data-export-storage';

let ctx: TestContext;
let storageDir: string;
beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-export-'));
  // Every account counts as large here (threshold 0): the export goes through the job.
  ctx = await createTestApp({
    storage: createLocalStorage(storageDir),
    config: { dataExport: { largeRows: 0, ttlHours: 48 } },
  });
});
afterAll(async () => ctx.close());
const db = () => ctx.database.db;

const get = (url: string, cookie: string) => ctx.app.inject({ url, headers: { cookie } });
const ask = (cookie: string, incluirImagens: boolean) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/profile/export/pedidos',
    headers: { ...jsonHeaders, cookie },
    payload: { incluirImagens },
  });
const storedFiles = () =>
  readdirSync(path.join(storageDir, 'data-export'), { withFileTypes: true })
    .map((f) => f.name)
    .filter((n) => !n.endsWith('.type'));

describe('personal-data export of a large account, as a background job', () => {
  it('refuses the immediate download, prepares the file, e-mails the owner, and only the owner downloads it', async () => {
    const p = await verifiedPlayer(ctx);
    const other = await verifiedPlayer(ctx);

    const direct = await get('/api/profile/export', p.cookie);
    expect(direct.statusCode).toBe(409);
    expect(direct.json().error.reason).toBe('EXPORT_LARGE');

    const state0 = await get('/api/profile/export/estado', p.cookie);
    expect(state0.json()).toMatchObject({ large: true, largeThreshold: 0, latest: null });

    // Two requests at once (a double tap) get one export: the second waits on the account row and
    // finds the first still waiting. Asked one after the other, the first can already be ready
    // (the export runs as soon as it is committed), and a ready export lets a new one be asked.
    const [asked, again] = await Promise.all([ask(p.cookie, false), ask(p.cookie, false)]);
    expect(asked.statusCode, asked.body).toBe(200);
    const job = asked.json();
    expect(job.status).toBe('pendente');
    expect(again.json().id).toBe(job.id);

    await ctx.app.dataExports.idle();
    const state = (await get('/api/profile/export/estado', p.cookie)).json();
    expect(state.latest).toMatchObject({ id: job.id, status: 'pronta' });
    const hours =
      (Date.parse(state.latest.expiresAt) - Date.parse(state.latest.readyAt)) / 3600_000;
    expect(hours).toBeCloseTo(48, 5);

    const mail = ctx.mailer.sent.filter((m) => m.to === p.email).at(-1)!;
    expect(mail.subject).toBe('Sua cópia dos dados está pronta — Sorteio Certo');
    expect(mail.text).toContain(`${ctx.config.baseUrl}/profile`);
    expect(mail.text).toMatch(/até \d{2}\/\d{2}\/\d{4}/);

    // Stored sealed: the file on disk is not the JSON.
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, job.id));
    const raw = await createLocalStorage(storageDir).get(row!.fileKey!);
    expect(raw!.data.toString('utf8')).not.toContain(p.email);

    const url = `/api/profile/export/pedidos/${job.id}/arquivo`;
    const mine = await get(url, p.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toContain('meus-dados-sorteio-certo.json');
    expect(mine.json().conta.email).toBe(p.email);
    expect(mine.json().exportacoesDeDadosPedidas).toEqual([
      expect.objectContaining({ status: 'processando', comImagens: false }),
    ]);

    // Another player, and nobody signed in, cannot download it.
    expect((await get(url, other.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject({ url })).statusCode).toBe(401);
  });

  it('deletes the file after its time and tells the owner it expired', async () => {
    const p = await verifiedPlayer(ctx);
    const job = (await ask(p.cookie, false)).json();
    await ctx.app.dataExports.idle();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, job.id));
    expect(storedFiles()).toContain(path.basename(row!.fileKey!));

    // Not yet due: nothing deleted.
    const storage = createLocalStorage(storageDir);
    await purgeExpiredDataExports(db(), storage, new Date(Date.now() + 47 * 3600_000));
    expect((await get(`/api/profile/export/pedidos/${job.id}/arquivo`, p.cookie)).statusCode).toBe(
      200,
    );

    // 48 h later the scheduled cleanup removes it.
    expect(
      await purgeExpiredDataExports(db(), storage, new Date(Date.now() + 49 * 3600_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(storedFiles()).not.toContain(path.basename(row!.fileKey!));
    const gone = await get(`/api/profile/export/pedidos/${job.id}/arquivo`, p.cookie);
    expect(gone.statusCode).toBe(410);
    expect(gone.json().error.message).toContain('expirou');
    expect((await get('/api/profile/export/estado', p.cookie)).json().latest.status).toBe(
      'expirada',
    );
    // A new one may be asked for.
    expect((await ask(p.cookie, false)).json().id).not.toBe(job.id);
    await ctx.app.dataExports.idle();
  });

  it('runs the cleanup in the background rounds', async () => {
    const p = await verifiedPlayer(ctx);
    const job = (await ask(p.cookie, false)).json();
    await ctx.app.dataExports.idle();
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, job.id));
    await ctx.app.scheduler.runOnce();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, job.id));
    expect(row).toMatchObject({ status: 'expirada', fileKey: null });
  });

  it('includes the identity-check images as files in a zip when asked', async () => {
    const p = await verifiedPlayer(ctx);
    const storage = createLocalStorage(storageDir);
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 0xff, 0xd9]);
    await storage.put(`verification/${p.id}/doc.jpg`, jpeg, 'image/jpeg');
    await storage.put(`verification/${p.id}/selfie.jpg`, Buffer.concat([jpeg, jpeg]), 'image/jpeg');
    await db()
      .update(verificacaoUsuario)
      .set({
        fotoDocumentoKey: `verification/${p.id}/doc.jpg`,
        selfieKey: `verification/${p.id}/selfie.jpg`,
      })
      .where(eq(verificacaoUsuario.userId, p.id));
    const [v] = await db()
      .select()
      .from(verificacaoUsuario)
      .where(eq(verificacaoUsuario.userId, p.id));
    if (!v)
      await db()
        .insert(verificacaoUsuario)
        .values({
          userId: p.id,
          tipoDocumento: 'rg',
          numeroDocumento: `Z${Date.now()}`,
          fotoDocumentoKey: `verification/${p.id}/doc.jpg`,
          selfieKey: `verification/${p.id}/selfie.jpg`,
          statusVerificacao: 'verificado',
        });

    const job = (await ask(p.cookie, true)).json();
    expect(job.includeImages).toBe(true);
    await ctx.app.dataExports.idle();
    const res = await get(`/api/profile/export/pedidos/${job.id}/arquivo`, p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      'documentos/documento.jpg',
      'documentos/selfie.jpg',
      'meus-dados-sorteio-certo.json',
      'resumo.html',
    ]);
    expect(Buffer.from(files['documentos/documento.jpg']!)).toEqual(jpeg);
    expect(JSON.parse(strFromU8(files['meus-dados-sorteio-certo.json']!)).conta.email).toBe(
      p.email,
    );
  });

  it('builds the readable summary in the job too, and serves the prepared one to the owner', async () => {
    const p = await verifiedPlayer(ctx);
    const other = await verifiedPlayer(ctx);
    // No export prepared yet: the request does not build one.
    const before = await get('/api/profile/export/resumo', p.cookie);
    expect(before.statusCode).toBe(409);
    expect(before.json().error.reason).toBe('EXPORT_LARGE');

    const job = (await ask(p.cookie, false)).json();
    await ctx.app.dataExports.idle();
    const [row] = await db().select().from(dataExports).where(eq(dataExports.id, job.id));
    const summaryName = path.basename(row!.fileKey!).replace(/\.sealed$/, '.resumo.sealed');
    expect(storedFiles()).toContain(summaryName);
    // Sealed like the export.
    const raw = await createLocalStorage(storageDir).get(`data-export/${summaryName}`);
    expect(raw!.data.toString('utf8')).not.toContain(p.email);

    const page = await get('/api/profile/export/resumo', p.cookie);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('private, no-store');
    expect(page.body).toContain('<h1>Meus dados no Sorteio Certo</h1>');
    expect(page.body).toContain('<h2>Conta</h2>');
    expect(page.body).toContain(p.email);
    // The summary of another account is never the one served.
    expect((await get('/api/profile/export/resumo', other.cookie)).statusCode).toBe(409);

    // It is the job's file that is served: once gone, nothing is rebuilt in the request.
    await createLocalStorage(storageDir).delete(`data-export/${summaryName}`);
    expect((await get('/api/profile/export/resumo', p.cookie)).statusCode).toBe(409);

    // Deleted with the export when its time is over.
    const again = (await ask(p.cookie, false)).json();
    await ctx.app.dataExports.idle();
    const [next] = await db().select().from(dataExports).where(eq(dataExports.id, again.id));
    const nextSummary = path.basename(next!.fileKey!).replace(/\.sealed$/, '.resumo.sealed');
    expect((await get('/api/profile/export/resumo', p.cookie)).statusCode).toBe(200);
    await purgeExpiredDataExports(
      db(),
      createLocalStorage(storageDir),
      new Date(Date.now() + 49 * 3600_000),
    );
    expect(storedFiles()).not.toContain(nextSummary);
    expect((await get('/api/profile/export/resumo', p.cookie)).statusCode).toBe(409);
  });

  it('refuses a request without the images choice, with a Portuguese message', async () => {
    const p = await verifiedPlayer(ctx);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/export/pedidos',
      headers: { ...jsonHeaders, cookie: p.cookie },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('imagens');
  });
});
