/**
 * The automated identity analysis on real photographs (read from Debian packages at test time, see
 * test/identity-photos.ts): the honest case is approved, every doubtful case goes to staff with
 * the failing check and its score, and the reviewer sees the scores.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FACE_MATCH_MAX_DISTANCE, type IdentityAnalysis, maskCpf } from '@sorteio/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, verificacaoUsuario } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import { multipartBody } from '../../test/multipart';
import {
  type TestContext,
  createTestApp,
  createUser,
  newCpf,
  signIn,
  TEST_BASE_URL,
} from '../../test/helpers';
import {
  astronautSelfie,
  blank,
  drawing,
  identityCard,
  messiSelfie,
  photosAvailable,
  twoFacesPhoto,
} from '../../test/identity-photos';
import { analyzeVerification, queuedAnalysis } from './analysis';

const BIRTH = '1988-08-08';
const BIRTH_BR = '08/08/1988';

let ctx: TestContext;
let storageDir: string;
let ip = 40;
const nextIp = () => `198.51.100.${(ip += 1)}`;
const scores: Record<string, number | null> = {};
/** Wall time of each background analysis (upload answered -> decision stored), and the RSS. */
const analysisMs: number[] = [];
let rssBefore = 0;

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-identity-'));
  // The npm OCR engine, forced: the checks run the same on a machine without /usr/bin/tesseract.
  ctx = await createTestApp({
    storage: createLocalStorage(storageDir),
    config: {
      ocr: { engine: 'npm', tesseractPath: '/nonexistent', timeoutMs: 120_000, queueMax: 20 },
    },
  });
  rssBefore = process.memoryUsage().rss;
});
afterAll(async () => {
  // The figures the decision record quotes.
  console.log('identity scores', JSON.stringify(scores));
  if (analysisMs.length > 0) {
    const sorted = [...analysisMs].sort((a, b) => a - b);
    console.log(
      `identity analysis: ${sorted.length} verifications, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(0)} ms, ` +
        `max ${sorted.at(-1)!.toFixed(0)} ms; RSS +${((process.memoryUsage().rss - rssBefore) / 1048576).toFixed(0)} MB after them (models loaded once)`,
    );
  }
  await ctx?.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const multipart = (fields: Record<string, string>, files: Record<string, Buffer>) =>
  multipartBody(
    fields,
    Object.fromEntries(
      Object.entries(files).map(([name, data]) => [
        name,
        { data, filename: `${name}.jpg`, type: 'image/jpeg' },
      ]),
    ),
  );

async function player() {
  const cpf = newCpf().replace(/\D/g, '');
  const u = await createUser(ctx, {
    profile: { nomeCompleto: 'Eileen Marie Collins', cpf, dataNascimento: BIRTH },
  });
  return { ...u, cpf, cookie: await signIn(ctx, u, nextIp()) };
}

/** Sends the two images, waits for the background analysis, returns the stored row. */
async function submit(p: { id: string; cookie: string }, documento: Buffer, selfie: Buffer) {
  const body = multipart(
    { tipoDocumento: 'rg', numeroDocumento: `SP-${Math.floor(Math.random() * 1e9)}` },
    { documento, selfie },
  );
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/profile/verification',
    headers: { cookie: p.cookie, origin: TEST_BASE_URL, 'content-type': body.contentType },
    payload: body.payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toMatchObject({ status: 'pendente', analise: { state: 'na_fila' } });
  const started = performance.now();
  await ctx.app.identity.idle();
  analysisMs.push(performance.now() - started);
  const [row] = await ctx.database.db
    .select()
    .from(verificacaoUsuario)
    .where(eq(verificacaoUsuario.userId, p.id));
  return row!;
}

const check = (analysis: IdentityAnalysis | null, id: string) =>
  analysis!.checks.find((c) => c.id === id)!;

// prettier-ignore
describe.skipIf(!photosAvailable())( // needs python3-skimage and opencv-doc (.ci/run installs them)
  'automated identity analysis on real photos',
  { timeout: 180_000 },
  () => {
    it('approves the honest case: same face on the document and in the selfie, data read', async () => {
      const p = await player();
      const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
      const row = await submit(p, card, await astronautSelfie());
      const a = row.analise!;
      scores.sameFaceDistance = check(a, 'comparacao_faces').score;
      expect(a.state).toBe('concluida');
      expect(a.reasons).toEqual([]);
      expect(check(a, 'rosto_selfie').result).toBe('aprovado');
      expect(check(a, 'rosto_documento').result).toBe('aprovado');
      expect(check(a, 'comparacao_faces')).toMatchObject({
        result: 'aprovado',
        threshold: FACE_MATCH_MAX_DISTANCE,
      });
      expect(check(a, 'comparacao_faces').score!).toBeLessThan(FACE_MATCH_MAX_DISTANCE);
      expect(check(a, 'qualidade_imagens').result).toBe('aprovado');
      expect(check(a, 'imagens_distintas').result).toBe('aprovado');
      expect(check(a, 'imagem_inedita').result).toBe('aprovado');
      // Biometric descriptors are never stored: only scores and texts.
      expect(JSON.stringify(a)).not.toMatch(/descriptor/);
      expect(check(a, 'dados_documento').result).toBe('aprovado');
        expect(a.ocr).toMatchObject({ cpf: p.cpf, dataNascimento: BIRTH });
        expect(row.statusVerificacao).toBe('verificado');
        expect(a.outcome).toBe('aprovado_automaticamente');
        const [profile] = await ctx.database.db
          .select({ v: profiles.isVerified })
          .from(profiles)
          .where(eq(profiles.id, p.id));
        expect(profile!.v).toBe(true);
        expect(ctx.mailer.sent.at(-1)).toMatchObject({
          to: p.email,
          subject: 'Sua identidade foi verificada — Sorteio Certo',
        });
    });

    it('sends two different people to review', async () => {
      const p = await player();
      const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
      const row = await submit(p, card, await messiSelfie());
      const a = row.analise!;
      scores.differentFaceDistance = check(a, 'comparacao_faces').score;
      expect(row.statusVerificacao).toBe('pendente');
      expect(a.outcome).toBe('revisao_manual');
      expect(check(a, 'comparacao_faces').result).toBe('reprovado');
      expect(check(a, 'comparacao_faces').score!).toBeGreaterThan(FACE_MATCH_MAX_DISTANCE);
      expect(a.reasons.join(' ')).toMatch(/Os rostos não conferem/);
      expect(ctx.mailer.sent.at(-1)).toMatchObject({
        to: p.email,
        subject: 'Seus documentos estão em análise — Sorteio Certo',
      });
    });

    it('never approves a drawing, a blank picture or a photo with two faces', async () => {
      const cases = [
        ['drawing', await drawing()],
        ['blank', await blank()],
        ['twoFaces', await twoFacesPhoto()],
      ] as const;
      for (const [name, selfie] of cases) {
        const p = await player();
        const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
        const row = await submit(p, card, selfie);
        const face = check(row.analise, 'rosto_selfie');
        scores[`${name}SelfieFaces`] = face.score;
        expect(row.statusVerificacao, name).toBe('pendente');
        expect(face.result, name).toBe('reprovado');
        if (name === 'twoFaces') expect(face.score).toBe(2);
        if (name === 'blank') {
          expect(face.score).toBe(0);
          expect(check(row.analise, 'qualidade_imagens').result).toBe('reprovado');
        }
      }
    });

    it('notices the same picture sent as document and selfie, and a picture another account used', async () => {
      const p = await player();
      const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
      const same = await submit(p, card, card);
      expect(same.statusVerificacao).toBe('pendente');
      expect(check(same.analise, 'imagens_distintas')).toMatchObject({
        result: 'reprovado',
        score: 0,
      });

      // Another account sends the astronaut's selfie that an earlier account already sent.
      const other = await player();
      const otherCard = await identityCard({ cpf: maskCpf(other.cpf), nascimento: BIRTH_BR });
      const reused = await submit(other, otherCard, await astronautSelfie());
      expect(reused.statusVerificacao).toBe('pendente');
      expect(check(reused.analise, 'imagem_inedita').result).toBe('reprovado');
    });

    // prettier-ignore
    it('refuses document data that do not match the profile', async () => {
      const p = await player();
      const card = await identityCard({ cpf: '529.982.247-25', nascimento: '10/05/1990' });
      const row = await submit(p, card, await astronautSelfie());
      const data = check(row.analise, 'dados_documento');
      expect(row.statusVerificacao).toBe('pendente');
      expect(data.result).toBe('reprovado');
      expect(data.detail).toBe(
        'CPF lido 529.982.247-25 não confere com o perfil; nascimento lido 10/05/1990 não confere com o perfil.',
      );
      // The player is told which check waits and why, without scores.
      const mine = await ctx.app.inject({
        url: '/api/profile/verification',
        headers: { cookie: p.cookie },
      });
      // (The selfie is reused across these tests, so the reuse check is pending as well.)
      expect(mine.json().analise.pendingReasons).toContain(
        'o CPF lido no documento não confere com o do seu cadastro; a data de nascimento lida no documento não confere com a do seu cadastro',
      );
      expect(ctx.mailer.sent.at(-1)?.text).toContain(
        'Pendente: O CPF lido no documento não confere com o do seu cadastro',
      );
    });

    it('reports OCR as not done when no engine is installed, and the case waits for staff', async () => {
      const p = await player();
      const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
      const selfie = await astronautSelfie();
      // The stored submission, analysed with no OCR engine on the machine.
      const storage = createLocalStorage(storageDir);
      await storage.put(`verification/${p.id}/doc.jpg`, card, 'image/jpeg');
      await storage.put(`verification/${p.id}/selfie.jpg`, selfie, 'image/jpeg');
      await ctx.database.db.insert(verificacaoUsuario).values({
        userId: p.id,
        tipoDocumento: 'rg',
        numeroDocumento: `X${Date.now()}`,
        fotoDocumentoKey: `verification/${p.id}/doc.jpg`,
        selfieKey: `verification/${p.id}/selfie.jpg`,
        statusVerificacao: 'pendente',
        analise: queuedAnalysis(),
      });
      const { createFaceEngine } = await import('./faces');
      const faces = createFaceEngine();
      try {
        const a = await analyzeVerification(
          {
            db: ctx.database.db,
            storage,
            faces,
            ocr: async () => null,
            mailer: ctx.mailer,
            baseUrl: TEST_BASE_URL,
          },
          p.id,
        );
        expect(check(a, 'dados_documento')).toMatchObject({
          result: 'nao_realizado',
          detail: 'Leitura do documento (OCR) não disponível neste servidor.',
        });
        expect(a!.outcome).toBe('revisao_manual');
      } finally {
        await faces.close();
      }
    });

    it('shows every check with its score to the reviewer in the user detail', async () => {
      const p = await player();
      const card = await identityCard({ cpf: maskCpf(p.cpf), nascimento: BIRTH_BR });
      await submit(p, card, await messiSelfie());
      const staff = await createUser(ctx, { role: 'support' });
      const cookie = await signIn(ctx, staff, nextIp());
      const detail = await ctx.app.inject({ url: `/api/admin/users/${p.id}`, headers: { cookie } });
      expect(detail.statusCode).toBe(200);
      const auto = detail.json().verification.automatedChecks as IdentityAnalysis;
      expect(auto.outcome).toBe('revisao_manual');
      expect(auto.checks.map((c) => c.id)).toEqual([
        'qualidade_imagens',
        'rosto_selfie',
        'rosto_documento',
        'comparacao_faces',
        'dados_documento',
        'imagens_distintas',
        'imagem_inedita',
      ]);
      expect(check(auto, 'comparacao_faces').score).toBeGreaterThan(FACE_MATCH_MAX_DISTANCE);
    });
  },
);

// prettier-ignore
describe.skipIf(!photosAvailable())('the face worker', { timeout: 120_000 }, () => { // Skipped only without the test photographs (python3-skimage, opencv-doc; .ci/run installs them).
  it('is stopped after it has been idle, and started again by the next request', async () => {
    const { createFaceEngine } = await import('./faces');
    const faces = createFaceEngine({ idleMs: 300 });
    try {
      expect(faces.running()).toBe(false);
      const selfie = await astronautSelfie();
      expect((await faces.detect(selfie)).faces).toHaveLength(1);
      expect(faces.running()).toBe(true);
      await new Promise((r) => setTimeout(r, 800));
      expect(faces.running()).toBe(false);
      expect((await faces.detect(selfie)).faces).toHaveLength(1);
      expect(faces.running()).toBe(true);
    } finally {
      await faces.close();
    }
  });
});
