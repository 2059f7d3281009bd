import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, verificacaoUsuario } from '../../db/schema';
import { createUser, jsonHeaders, makePng, newCpf, signIn, useTestApp } from '../../test/helpers';
import { multipartBody } from '../../test/multipart';
import { setSetting } from '../settings/settings.service';

const ctx = useTestApp();
let ip = 120;
const nextIp = () => `198.51.100.${(ip += 1)}`;

async function player(profile: Record<string, unknown> = {}) {
  const u = await createUser(ctx, { profile });
  return { ...u, cookie: await signIn(ctx, u, nextIp()) };
}

const multipart = multipartBody;

function sendDocuments(
  cookie: string,
  options: {
    documento?: Buffer | null;
    selfie?: Buffer | null;
    tipo?: string;
    numero?: string;
  } = {},
) {
  const files: Record<string, { data: Buffer; filename: string; type: string }> = {};
  const documento = options.documento === undefined ? makePng(640, 400) : options.documento;
  const selfie = options.selfie === undefined ? makePng(480, 640) : options.selfie;
  if (documento)
    files.documento = { data: documento, filename: 'documento.jpg', type: 'image/jpeg' };
  if (selfie) files.selfie = { data: selfie, filename: 'selfie.jpg', type: 'image/jpeg' };
  const body = multipart(
    {
      tipoDocumento: options.tipo ?? 'rg',
      numeroDocumento: options.numero ?? `MG-${Math.floor(Math.random() * 1e8)}`,
    },
    files,
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/profile/verification',
    headers: { cookie, origin: jsonHeaders.origin, 'content-type': body.contentType },
    payload: body.payload,
  });
}

describe('identity verification', () => {
  async function readyPlayer(cpf = newCpf()) {
    const p = await player();
    await ctx.database.db
      .update(profiles)
      .set({
        nomeCompleto: 'Pessoa Teste',
        cpf: cpf.replace(/\D/g, ''),
        dataNascimento: '1988-08-08',
      })
      .where(eq(profiles.id, p.id));
    return p;
  }

  it('stores the images and queues the automated analysis; a blank picture is never approved', async () => {
    const p = await readyPlayer();
    const res = await sendDocuments(p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      status: 'pendente',
      tipoDocumento: 'rg',
      hasDocument: true,
      hasSelfie: true,
      analise: { state: 'na_fila', progress: 0 },
    });
    await ctx.app.identity.idle();
    const after = (
      await ctx.app.inject({ url: '/api/profile/verification', headers: { cookie: p.cookie } })
    ).json();
    expect(after).toMatchObject({
      status: 'pendente',
      analise: { state: 'concluida', progress: 100 },
    });
    expect(
      (await ctx.app.inject({ url: '/api/profile', headers: { cookie: p.cookie } })).json()
        .isVerified,
    ).toBe(false);
    const [row] = await ctx.database.db
      .select()
      .from(verificacaoUsuario)
      .where(eq(verificacaoUsuario.userId, p.id));
    // Random file names in private storage, never the browser's name or a public URL.
    expect(row!.fotoDocumentoKey).toMatch(new RegExp(`^verification/${p.id}/[0-9a-f-]{36}\\.jpg$`));
    expect(row!.fotoDocumentoKey).not.toContain('documento');
    expect(row!.analise!.outcome).toBe('revisao_manual');
    expect(row!.analise!.checks.find((c) => c.id === 'rosto_selfie')!.result).toBe('reprovado');
    const own = await ctx.app.inject({
      url: '/api/profile/verification/files/documento',
      headers: { cookie: p.cookie },
    });
    expect(own.statusCode).toBe(200);
    // Stored re-encoded (JPEG, no metadata), whatever was sent.
    expect(own.headers['content-type']).toBe('image/jpeg');
  }, 120_000);

  it('refuses a file that is not an image even when named .jpg', async () => {
    const p = await readyPlayer();
    const res = await sendDocuments(p.cookie, {
      documento: Buffer.from('%PDF-1.7 isto não é uma imagem'),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(
      'O arquivo do documento não é uma imagem válida. Envie uma foto JPG, PNG ou WEBP.',
    );
    expect(
      (
        await ctx.app.inject({ url: '/api/profile/verification', headers: { cookie: p.cookie } })
      ).json().status,
    ).toBe('nao_enviado');
  });

  it('asks for an image when one is missing, and for a readable size', async () => {
    const p = await readyPlayer();
    const missing = await sendDocuments(p.cookie, { selfie: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('Por favor, selecione uma imagem.');
    const tiny = await sendDocuments(p.cookie, { selfie: makePng(40, 40) });
    expect(tiny.json().error.message).toMatch(/^A imagem da selfie está pequena demais/);
  });

  it('needs the personal data first and refuses under-18 players', async () => {
    const empty = await player();
    const res = await sendDocuments(empty.cookie);
    expect(res.json().error.message).toBe(
      'Complete seus dados pessoais (nome completo, CPF e data de nascimento) na aba Perfil antes de enviar os documentos.',
    );
    const young = await readyPlayer();
    const underage = new Date();
    underage.setUTCFullYear(underage.getUTCFullYear() - 17);
    await ctx.database.db
      .update(profiles)
      .set({ dataNascimento: underage.toISOString().slice(0, 10) })
      .where(eq(profiles.id, young.id));
    const refused = await sendDocuments(young.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(
      'Você precisa ter 18 anos ou mais para usar a plataforma.',
    );
  });

  it('refuses a document already used by another account', async () => {
    const first = await readyPlayer();
    expect((await sendDocuments(first.cookie, { numero: 'RG 12.345.678-9' })).statusCode).toBe(200);
    const second = await readyPlayer();
    const res = await sendDocuments(second.cookie, { numero: 'rg12345678-9' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Este documento já está vinculado a outra conta.');
  });

  it('waits for staff when auto-approval is off; staff approve or reject with a reason', async () => {
    await setSetting(ctx.database.db, 'verification.autoApprove', false, null);
    try {
      const p = await readyPlayer();
      expect((await sendDocuments(p.cookie)).json().status).toBe('pendente');
      const staff = await createUser(ctx, { role: 'support' });
      const staffCookie = await signIn(ctx, staff, nextIp());
      const queue = await ctx.app.inject({
        url: '/api/admin/verifications',
        headers: { cookie: staffCookie },
      });
      expect(queue.json().map((r: { userId: string }) => r.userId)).toContain(p.id);
      const review = (body: object, cookie = staffCookie) =>
        ctx.app.inject({
          method: 'POST',
          url: `/api/admin/verifications/${p.id}/review`,
          headers: { ...jsonHeaders, cookie },
          payload: body,
        });
      const noReason = await review({ decision: 'rejeitar', motivo: '' });
      expect(noReason.json().error.message).toBe('Informe o motivo da rejeição.');
      const rejected = await review({ decision: 'rejeitar', motivo: 'Foto do documento ilegível' });
      expect(rejected.json()).toMatchObject({
        status: 'rejeitado',
        motivoRejeicao: 'Foto do documento ilegível',
      });
      // Staff can read the documents; the player sees the reason and may send again.
      expect(
        (
          await ctx.app.inject({
            url: `/api/admin/verifications/${p.id}/files/selfie`,
            headers: { cookie: staffCookie },
          })
        ).statusCode,
      ).toBe(200);
      expect((await sendDocuments(p.cookie)).json().status).toBe('pendente');
      expect((await review({ decision: 'aprovar' })).json().status).toBe('verificado');
      const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, p.id));
      expect(row!.isVerified).toBe(true);
    } finally {
      await setSetting(ctx.database.db, 'verification.autoApprove', true, null);
    }
  });

  it('never lets a player read or review another player’s documents or logs', async () => {
    const owner = await readyPlayer();
    await sendDocuments(owner.cookie);
    const intruder = await player();
    for (const url of [
      `/api/admin/verifications/${owner.id}/files/documento`,
      '/api/admin/verifications',
      `/api/admin/verifications/${owner.id}/files/selfie`,
    ]) {
      expect(
        (await ctx.app.inject({ url, headers: { cookie: intruder.cookie } })).statusCode,
        url,
      ).toBe(403);
    }
    const review = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/verifications/${owner.id}/review`,
      headers: { ...jsonHeaders, cookie: intruder.cookie },
      payload: { decision: 'aprovar' },
    });
    expect(review.statusCode).toBe(403);
    // Own-data routes answer only the caller's own records.
    const theirFile = await ctx.app.inject({
      url: '/api/profile/verification/files/documento',
      headers: { cookie: intruder.cookie },
    });
    expect(theirFile.statusCode).toBe(404);
    const logs = (
      await ctx.app.inject({
        url: `/api/profile/security-logs?userId=${owner.id}`,
        headers: { cookie: intruder.cookie },
      })
    ).json();
    expect(
      logs.every((l: { actionType: string }) => l.actionType !== 'document_verification_submitted'),
    ).toBe(true);
    const profile = (
      await ctx.app.inject({
        url: `/api/profile?id=${owner.id}`,
        headers: { cookie: intruder.cookie },
      })
    ).json();
    expect(profile.id).toBe(intruder.id);
  });
});
