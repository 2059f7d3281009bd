/**
 * 'Diagnóstico' (spec 001 section 2) as a real self-test: the caller's session, a database round
 * trip, user and room counts, the job queue, the mail transport, the private file storage and the
 * PIX provider — each with its result and how long it took.
 */
import { randomUUID } from 'node:crypto';
import type { DiagnosticsReport } from '@sorteio/shared';
import { countOf } from '@sorteio/shared';
import { count, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { salas, user } from '../../db/schema';
import { getSessionUser } from '../../lib/authz';
import type { FileStorage } from '../../lib/storage';
import type { Mailer } from '../mail/mail.service';
import type { PixProvider } from '../payments';

type Check = DiagnosticsReport['checks'][number];

async function timed(name: string, run: () => Promise<string>, timeoutMs = 10_000): Promise<Check> {
  const start = performance.now();
  try {
    const detail = await Promise.race([
      run(),
      new Promise<never>((_, reject) =>
        setTimeout(
          () => reject(new Error(`sem resposta em ${timeoutMs / 1000} s`)),
          timeoutMs,
        ).unref(),
      ),
    ]);
    return { name, ok: true, detail, ms: Math.round(performance.now() - start) };
  } catch (error) {
    return {
      name,
      ok: false,
      detail: error instanceof Error ? error.message : String(error),
      ms: Math.round(performance.now() - start),
    };
  }
}

export async function runDiagnostics({
  database,
  storage,
  mailer,
  pix,
  request,
}: {
  database: Database;
  storage: FileStorage;
  mailer: Mailer;
  pix: PixProvider | null;
  request: FastifyRequest;
}): Promise<DiagnosticsReport> {
  const db = database.db;
  let userCount = 0;
  let roomCount = 0;
  const checks = [
    await timed('Autenticação', async () => {
      const me = await getSessionUser(request);
      if (!me) throw new Error('sessão não encontrada');
      return `sessão válida de ${me.email} (${me.role})`;
    }),
    await timed('Banco de dados', async () => {
      const ms = await database.ping();
      return `${database.driver === 'pglite' ? 'PGlite embutido' : 'PostgreSQL'}, ida e volta em ${ms.toFixed(1)} ms`;
    }),
    await timed('Contagens', async () => {
      const [[u], [r]] = await Promise.all([
        db.select({ n: count() }).from(user),
        db.select({ n: count() }).from(salas),
      ]);
      userCount = u?.n ?? 0;
      roomCount = r?.n ?? 0;
      return `${countOf(userCount, 'usuário', 'usuários')}, ${countOf(roomCount, 'sala', 'salas')}`;
    }),
    await timed('Fila de tarefas', async () => {
      const result = await db.execute(
        sql`select count(*) filter (where state in ('created', 'retry'))::int as waiting,
                   count(*) filter (where state = 'failed')::int as failed
            from pgboss.job`,
      );
      const row = (Array.isArray(result) ? result[0] : (result as { rows: unknown[] }).rows[0]) as
        { waiting: number; failed: number } | undefined;
      return `pg-boss: ${row?.waiting ?? 0} aguardando, ${row?.failed ?? 0} com falha`;
    }),
    await timed('E-mail', async () => {
      if (!mailer.check) return 'envio em memória (testes)';
      return mailer.check();
    }),
    await timed('Armazenamento de arquivos', async () => {
      const key = `diagnostico/${randomUUID()}.txt`;
      const data = Buffer.from(`diagnostico ${new Date().toISOString()}`);
      await storage.put(key, data, 'text/plain');
      const read = await storage.get(key);
      await storage.delete(key);
      if (!read || !read.data.equals(data)) throw new Error('o arquivo lido não confere');
      return `${storage.kind === 's3' ? 'S3' : 'pasta local privada'}: gravar, ler e apagar`;
    }),
    await timed('Provedor PIX', async () => {
      if (!pix) throw new Error('PIX não configurado');
      return pix.checkConnection();
    }),
  ];
  return {
    ok: checks.every((c) => c.ok),
    checks,
    userCount,
    roomCount,
    at: new Date().toISOString(),
  };
}
