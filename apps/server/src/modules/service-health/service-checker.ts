/** The live check of each API service, the one 'Testar' and the periodic job both run. */
import { type ServiceId, type ServiceStatus, countOf } from '@sorteio/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mail.service';
import { getSetting } from '../settings/settings.service';
import type { PixRuntime } from '../pix-setup/pix-setup.service';
import { type MaintenanceWindow, activeMaintenance } from './maintenance-windows';

/** A single service check that takes longer than this counts as offline. */
const CHECK_TIMEOUT_MS = 10_000;

type LiveStatus = { status: ServiceStatus['status']; detail: string };

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[];
}

/** The live check of each service: online, maintenance (switched off by a setting) or offline. */
export function createServiceChecker(deps: { db: Db; mailer: Mailer; pix: PixRuntime }) {
  const { db, mailer, pix } = deps;
  async function probe(id: ServiceId): Promise<LiveStatus> {
    switch (id) {
      case 'auth':
        await db.execute(sql`select 1 from "session" limit 1`);
        return { status: 'online', detail: 'Sessões no banco respondendo.' };
      case 'payment-pix': {
        if (!(await getSetting(db, 'payments.pixEnabled')))
          return { status: 'maintenance', detail: 'PIX desativado nas configurações.' };
        const provider = await pix.current();
        if (!provider) return { status: 'offline', detail: 'Nenhum provedor PIX configurado.' };
        if (provider.kind === 'simulator')
          return { status: 'online', detail: 'Simulador PIX ativo.' };
        return { status: 'online', detail: await provider.checkConnection() };
      }
      case 'draws':
        await db.execute(sql`select count(*) from salas where status = 'aberta'`);
        return { status: 'online', detail: 'Salas e sorteios respondendo.' };
      case 'notifications': {
        if (!(await getSetting(db, 'notifications.email')))
          return { status: 'maintenance', detail: 'Notificações por e-mail desativadas.' };
        return {
          status: 'online',
          detail: mailer.check ? await mailer.check() : 'Fila de e-mail ativa.',
        };
      }
      case 'analytics':
        await db.execute(sql`select count(*) from participacoes`);
        return { status: 'online', detail: 'Consultas de métricas respondendo.' };
      case 'webhooks': {
        const result = await db.execute(
          sql`select count(*) filter (where status = 'failed' and created_at > now() - interval '1 hour')::int as failed
              from webhook_deliveries`,
        );
        const failed = Number(rowsOf<{ failed: number }>(result)[0]?.failed ?? 0);
        return failed > 0
          ? {
              status: 'maintenance',
              detail: `${countOf(failed, 'entrega falhou', 'entregas falharam')} na última hora.`,
            }
          : { status: 'online', detail: 'Entregas de webhook em dia.' };
      }
    }
  }

  /** Runs the check with a deadline and measures it; a staff maintenance window wins. */
  async function check(
    id: ServiceId,
    windows?: Map<ServiceId, MaintenanceWindow>,
  ): Promise<LiveStatus & { latencyMs: number }> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    let live: LiveStatus;
    try {
      live = await Promise.race([
        probe(id),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`sem resposta em ${CHECK_TIMEOUT_MS / 1000} s`)),
            CHECK_TIMEOUT_MS,
          );
        }),
      ]);
    } catch (error) {
      live = { status: 'offline', detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
    const latencyMs = Math.round((performance.now() - started) * 10) / 10;
    const window = (windows ?? (await activeMaintenance(db))).get(id);
    if (window)
      return { status: 'maintenance', detail: `Em manutenção: ${window.reason}`, latencyMs };
    return { ...live, latencyMs };
  }

  return { check };
}

export type ServiceChecker = ReturnType<typeof createServiceChecker>;
