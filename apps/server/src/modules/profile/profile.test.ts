import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, user } from '../../db/schema';
import { createUser, jsonHeaders, signIn, useTestApp } from '../../test/helpers';

const ctx = useTestApp();
let ip = 20;
const nextIp = () => `198.51.100.${(ip += 1)}`;

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
