import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles, user, verificacaoUsuario } from '../../db/schema';
import { createLocalStorage } from '../../lib/storage';
import {
  type TestContext,
  createTestApp,
  createUser,
  jsonHeaders,
  makePng,
  newCpf,
  signIn,
} from '../../test/helpers';
import { setSetting } from '../settings/settings.service';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

let ctx: TestContext;
let storageDir: string;
let ip = 20;
const nextIp = () => `198.51.100.${(ip += 1)}`;

beforeAll(async () => {
  storageDir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-storage-'));
  ctx = await createTestApp({ storage: createLocalStorage(storageDir) });
});
afterAll(async () => {
  await ctx.close();
  rmSync(storageDir, { recursive: true, force: true });
});

const validProfile = {
  nomeCompleto: 'Ana Paula Souza',
  chavePixTipo: 'email',
  chavePix: 'ana.paula@teste.com.br',
  cpf: '529.982.247-25',
  telefone: '(11) 98765-4321',
  dataNascimento: '1990-05-10',
  enderecoCompleto: 'Rua das Flores, 10 — São Paulo/SP',
};

async function player(profile: Record<string, unknown> = {}) {
  const u = await createUser(ctx, { profile });
  return { ...u, cookie: await signIn(ctx, u, nextIp()) };
}

function putProfile(cookie: string, body: object) {
  return ctx.app.inject({
    method: 'PUT',
    url: '/api/profile',
    headers: { ...jsonHeaders, cookie },
    payload: body,
  });
}

function multipart(
  fields: Record<string, string>,
  files: Record<string, { data: Buffer; filename: string; type: string }>,
) {
  const boundary = `----sorteio${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

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

describe('profile', () => {
  it('requires a session', async () => {
    expect((await ctx.app.inject({ url: '/api/profile' })).statusCode).toBe(401);
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile',
      headers: jsonHeaders,
      payload: validProfile,
    });
    expect(put.statusCode).toBe(401);
    expect(put.json().error.message).toBe('Usuário não autenticado');
  });

  it('saves the personal data normalized, and reads it back', async () => {
    const p = await player();
    const res = await putProfile(p.cookie, validProfile);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      cpf: '52998224725',
      telefone: '11987654321',
      chavePix: 'ana.paula@teste.com.br',
      isVerified: false,
      statusConta: 'ativo',
    });
    expect(
      (await ctx.app.inject({ url: '/api/profile', headers: { cookie: p.cookie } })).json()
        .nomeCompleto,
    ).toBe('Ana Paula Souza');
  });

  it.each([
    [{ nomeCompleto: '' }, 'O nome completo é obrigatório.'],
    [{ chavePix: '' }, 'A chave PIX é obrigatória.'],
    [{ cpf: '123.456' }, 'O CPF deve ter pelo menos 11 dígitos.'],
    [{ cpf: '529.982.247-24' }, 'CPF inválido: confira os dígitos verificadores.'],
    [{ telefone: '(11) 4000-00' }, 'O telefone deve ter pelo menos 10 dígitos.'],
    [
      { dataNascimento: `${new Date().getUTCFullYear() - 17}-01-01` },
      'Você precisa ter 18 anos ou mais para usar a plataforma.',
    ],
    [{ dataNascimento: '1990-02-30' }, 'Data de nascimento inválida.'],
    [
      { chavePixTipo: 'cpf', chavePix: '111.111.111-11' },
      'Chave PIX inválida: informe um CPF válido.',
    ],
    [
      { chavePixTipo: 'telefone', chavePix: '4000-0000' },
      'Chave PIX inválida: informe o telefone com DDD.',
    ],
    [
      { chavePixTipo: 'aleatoria', chavePix: 'abc' },
      'Chave PIX inválida: a chave aleatória tem o formato 123e4567-e89b-12d3-a456-426614174000.',
    ],
    [{ chavePixTipo: 'pix' }, 'Escolha o tipo da chave PIX.'],
  ])('refuses %j with its message and changes nothing', async (change, message) => {
    const p = await player({ nomeCompleto: 'Antes' });
    const res = await putProfile(p.cookie, {
      ...validProfile,
      chavePix: `x${Math.random()}@teste.com.br`,
      cpf: '',
      telefone: '',
      ...change,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    const [row] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, p.id));
    expect(row!.nomeCompleto).toBe('Antes');
  });

  it.each([
    [
      'chavePix',
      { chavePixTipo: 'email', chavePix: 'dono@teste.com.br' },
      'Esta chave PIX já está sendo utilizada por outro usuário.',
    ],
    ['cpf', { cpf: '390.533.447-05' }, 'Este CPF já está sendo utilizado por outro usuário.'],
    [
      'telefone',
      { telefone: '(21) 99999-0000' },
      'Este telefone já está sendo utilizado por outro usuário.',
    ],
  ])('refuses a %s already used by another user', async (_field, taken, message) => {
    const base = { ...validProfile, cpf: '', telefone: '' };
    const owner = await player();
    expect(
      (
        await putProfile(owner.cookie, {
          ...base,
          chavePix: `dono${Math.random()}@teste.com.br`,
          ...taken,
        })
      ).statusCode,
    ).toBe(200);
    const other = await player();
    const res = await putProfile(other.cookie, {
      ...base,
      chavePix: `outro${Math.random()}@teste.com.br`,
      ...taken,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(message);
  });
});

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

describe('location, logs and LGPD', () => {
  it('shows the session’s real location and the last 20 events, newest first', async () => {
    const u = await createUser(ctx);
    const cookie = await signIn(ctx, u, '189.6.0.1');
    const loc = await ctx.app.inject({
      url: '/api/profile/location',
      headers: { cookie },
      remoteAddress: '189.6.0.1',
    });
    expect(loc.json()).toEqual({
      ip: '189.6.0.1',
      city: 'Brasilia',
      region: 'Federal District',
      country: 'Brasil',
      timezone: 'America/Sao_Paulo',
    });
    for (let i = 0; i < 25; i += 1)
      await putProfile(cookie, {
        ...validProfile,
        chavePix: `log${i}-${u.id}@teste.com.br`,
        cpf: '',
        telefone: '',
      });
    const logs = (
      await ctx.app.inject({ url: '/api/profile/security-logs', headers: { cookie } })
    ).json();
    expect(logs).toHaveLength(20);
    expect(logs[0].actionType).toBe('profile_update');
    const times = logs.map((l: { timestamp: string }) => Date.parse(l.timestamp));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('exports all my data as a JSON download', async () => {
    const p = await player();
    await putProfile(p.cookie, {
      ...validProfile,
      chavePix: `export-${p.id}@teste.com.br`,
      cpf: '',
      telefone: '',
    });
    const res = await ctx.app.inject({ url: '/api/profile/export', headers: { cookie: p.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();
    expect(data.conta.email).toBe(p.email);
    expect(data.perfil.chavePix).toBe(`export-${p.id}@teste.com.br`);
    expect(
      data.registrosDeSeguranca.some((l: { acao: string }) => l.acao === 'profile_update'),
    ).toBe(true);
  });

  it('deletes the account by anonymizing it, after the password', async () => {
    const p = await player();
    await putProfile(p.cookie, {
      ...validProfile,
      chavePix: `del-${p.id}@teste.com.br`,
      cpf: '',
      telefone: '',
    });
    const del = (body: object) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/profile/delete',
        headers: { ...jsonHeaders, cookie: p.cookie },
        payload: body,
      });
    expect((await del({ confirmacao: 'excluir', senha: p.password })).json().error.message).toBe(
      'Digite EXCLUIR para confirmar.',
    );
    expect((await del({ confirmacao: 'EXCLUIR', senha: 'errada' })).json().error.message).toBe(
      'Senha incorreta.',
    );
    expect((await del({ confirmacao: 'EXCLUIR', senha: p.password })).json()).toEqual({
      deleted: true,
    });
    const [u] = await ctx.database.db.select().from(user).where(eq(user.id, p.id));
    const [prof] = await ctx.database.db.select().from(profiles).where(eq(profiles.id, p.id));
    expect(u!.email).toBe(`excluido-${p.id}@anonimo.invalid`);
    expect(prof).toMatchObject({
      nomeCompleto: null,
      chavePix: null,
      cpf: null,
      statusConta: 'inativo',
    });
    expect(
      (await ctx.app.inject({ url: '/api/me', headers: { cookie: p.cookie } })).json().user,
    ).toBeNull();
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: jsonHeaders,
      payload: { email: p.email, password: p.password },
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(401);
  });
});
