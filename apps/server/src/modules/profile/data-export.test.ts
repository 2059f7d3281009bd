import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, supportChatLog } from '../../db/schema';
import {
  caller,
  expectLedgerInvariants,
  topUp,
  useTestApp,
  verifiedPlayer,
} from '../../test/helpers';
import type { SimulatorProvider } from '../payments/simulator';
import { createPrivateRoom, postMessage } from '../private-rooms/private-rooms.service';
import { createRoom } from '../rooms/rooms.service';
import { EXCLUDED_USER_COLUMNS, EXPORTED_USER_COLUMNS } from './data-export-columns';
import { brasiliaDateTime } from './data-export-html';

const ctx = useTestApp();
const db = () => ctx.database.db;

/** The rows of a raw query, on PGlite and on node-postgres alike. */
const rowsOf = <T>(r: unknown): T[] => (r as { rows?: T[] }).rows ?? (r as T[]);

const call = caller(ctx);

describe('the personal-data export covers every table that holds a user id', () => {
  it('reads or explicitly excludes each user-referencing column of the catalog', async () => {
    // Columns named like a user id, staff-actor columns, and any foreign key to user.id.
    const result = await db().execute(sql`
      select c.table_name || '.' || c.column_name as col
        from information_schema.columns c
       where c.table_schema = 'public'
         and (c.column_name ilike '%user_id%' or c.column_name ilike '%userid%'
              or c.column_name ilike '%\_by' or c.column_name in ('actor_id', 'staff_id', 'creator_id'))
      union
      select kcu.table_name || '.' || kcu.column_name
        from information_schema.table_constraints tc
        join information_schema.key_column_usage kcu
          on kcu.constraint_name = tc.constraint_name and kcu.table_schema = tc.table_schema
        join information_schema.constraint_column_usage ccu
          on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
       where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name = 'user' and ccu.column_name = 'id'
    `);
    const catalog = rowsOf<{ col: string }>(result).map((r) => r.col);
    // Sanity: the query found the core tables (a broken query must not pass by finding nothing).
    expect(catalog).toEqual(expect.arrayContaining(['participacoes.user_id', 'payouts.user_id']));
    const covered = new Set<string>([
      ...EXPORTED_USER_COLUMNS,
      ...Object.keys(EXCLUDED_USER_COLUMNS),
    ]);
    const forgotten = catalog.filter((c) => !covered.has(c)).sort();
    expect(forgotten, 'export these in data-export.ts or exclude them with a reason').toEqual([]);
    // Every exclusion states why.
    for (const reason of Object.values(EXCLUDED_USER_COLUMNS))
      expect(reason.length).toBeGreaterThan(10);
  });
});

describe('GET /api/profile/export', () => {
  it('holds the entries, PIX payment, withdrawal, chats and ticket of the player, and no secret', async () => {
    const p = await verifiedPlayer(ctx);
    await db()
      .update(profiles)
      .set({ chavePix: `export-${p.id}@teste.com.br`, chavePixTipo: 'email' })
      .where(eq(profiles.id, p.id));
    await topUp(ctx, p.id, 10_000);

    // An entry paid by PIX through the provider's webhook.
    const room = await createRoom({
      db: db(),
      input: {
        tipoSala: 'ouro',
        valorEntradaCentavos: 1500,
        maxParticipantes: 3,
        taxaBp: 1000,
        sorteioAutomatico: false,
      },
    });
    const join = await call('POST', `/api/rooms/${room.id}/join`, p.cookie, { metodo: 'pix' });
    expect(join.statusCode, join.body).toBe(200);
    const participation = join.json().participation;
    const chargeRes = await call('POST', '/api/payments/pix', p.cookie, {
      participacaoId: participation.id,
    });
    expect(chargeRes.statusCode, chargeRes.body).toBe(200);
    const charge = chargeRes.json();
    const paid = await ctx.app.inject({
      method: 'POST',
      url: `/api/webhooks/pix/${ctx.config.pix.webhookSecret}/pix`,
      payload: (ctx.app.pix as SimulatorProvider).pay(charge.txid),
    });
    expect(paid.statusCode).toBe(200);

    const withdraw = await call('POST', '/api/wallet/withdraw', p.cookie, { valor: 2000 });
    expect(withdraw.statusCode, withdraw.body).toBe(200);

    const ticket = await call('POST', '/api/support/tickets', p.cookie, {
      message: 'Quero saber do meu saque de R$ 20,00 <script>alert(1)</script>',
      conversation: [],
    });
    expect(ticket.statusCode, ticket.body).toBe(200);
    await db().insert(supportChatLog).values({
      userId: p.id,
      question: 'quando cai o saque?',
      answer: 'Em poucos minutos.',
      engine: 'offline',
    });

    const privateRoom = await createPrivateRoom({
      db: db(),
      config: ctx.config,
      creatorId: p.id,
      input: { roomName: 'Amigos do bairro', entryValue: 1000, maxParticipants: 5 },
    });
    await postMessage(db(), privateRoom.id, p.id, 'Boa sorte a todos!');

    const res = await call('GET', '/api/profile/export', p.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json();

    const entry = data.participacoes.find((e: { id: string }) => e.id === participation.id);
    expect(entry).toMatchObject({
      numeroDaSorte: participation.numeroSorte,
      statusPagamento: 'confirmado',
      metodoPagamento: 'pix',
      sala: { id: room.id, valorEntrada: 1500 },
    });
    expect(data.cobrancasPix).toEqual([
      expect.objectContaining({ txid: charge.txid, status: 'CONCLUIDA', amount: 1500 }),
    ]);
    expect(data.pagamentosPixRecebidos).toEqual([expect.objectContaining({ txid: charge.txid })]);
    expect(data.saquesEPremios).toEqual([
      expect.objectContaining({ kind: 'withdrawal', amount: 2000 }),
    ]);
    expect(data.extrato.map((e: { tipo: string }) => e.tipo)).toEqual(
      expect.arrayContaining(['topup', 'withdrawal']),
    );
    expect(data.atendimentos).toEqual([
      expect.objectContaining({
        mensagens: [
          expect.objectContaining({
            texto: 'Quero saber do meu saque de R$ 20,00 <script>alert(1)</script>',
          }),
        ],
      }),
    ]);
    expect(data.conversasDoSuporte).toEqual([
      expect.objectContaining({ pergunta: 'quando cai o saque?' }),
    ]);
    expect(data.mensagensEmSalasPrivadas).toEqual([
      expect.objectContaining({ salaPrivadaId: privateRoom.id, mensagem: 'Boa sorte a todos!' }),
    ]);
    expect(data.salasPrivadasCriadas).toEqual([expect.objectContaining({ id: privateRoom.id })]);
    expect(data.formasDeAcesso).toEqual([
      expect.objectContaining({ provedor: 'credential', senhaDefinida: true }),
    ]);
    expect(data.registrosDeSeguranca.length).toBeGreaterThan(0);

    // No secret leaves: the password hash, session tokens, the QR image.
    const raw = res.body;
    const [{ password }] = rowsOf<{ password: string }>(
      await db().execute(sql`select password from account where user_id = ${p.id}`),
    ) as [{ password: string }];
    expect(raw).not.toContain(password);
    const tokens = rowsOf<{ token: string }>(
      await db().execute(sql`select token from session where user_id = ${p.id}`),
    );
    for (const { token } of tokens) expect(raw).not.toContain(token);
    expect(raw).not.toMatch(/qrPng|backupCodes|"secret"|"token"|"password"/);

    // The same data as a page to read and print: the sections, reais, and the player's text escaped.
    const page = await call('GET', '/api/profile/export/resumo', p.cookie);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const html = page.body;
    for (const title of [
      'Participações',
      'Cobranças PIX',
      'Extrato',
      'Saques e prêmios pagos por PIX',
      'Atendimentos',
      'Mensagens em salas privadas',
      'Registro de segurança',
    ])
      expect(html).toContain(`<h2>${title}</h2>`);
    expect(html).toContain(participation.numeroSorte);
    expect(html).toContain('R$\u00a020,00'); // formatBRL's no-break space
    expect(html).toContain('Boa sorte a todos!');
    // Dates in Brasília time (a Date object once rendered as an empty cell), labels in Portuguese.
    expect(html).toContain(brasiliaDateTime(data.salasPrivadasCriadas[0].createdAt));
    expect(html).not.toContain(data.salasPrivadasCriadas[0].createdAt);
    expect(html).toContain('<th scope="col">Número da sorte</th>');
    expect(html).not.toMatch(/<th[^>]*>(numeroDaSorte|valorPago|createdAt)<\/th>/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(html).not.toContain(password);
    await expectLedgerInvariants(ctx);
  });
});
