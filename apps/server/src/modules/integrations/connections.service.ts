/**
 * External connections (spec 001 "Admin connections tab") and outgoing webhooks.
 *
 * - The config is JSON text that must parse to an object (a clear error, never silently ignored).
 *   It is stored sealed with a key from APP_SECRET; the list shows it with secret-looking values
 *   masked, and an edit that sends a masked value back keeps the stored secret.
 * - 'Testar' makes a real request: an HTTP request to the configured URL for api and webhook, a
 *   PostgreSQL connection and `select 1` for database. Outgoing requests follow the SSRF rule of
 *   lib/outbound-http.ts.
 * - Webhooks follow the Standard Webhooks convention (https://www.standardwebhooks.com/):
 *   webhook-id, webhook-timestamp and webhook-signature = "v1," + base64 HMAC-SHA256 over
 *   "id.timestamp.body" with the connection's secret ("whsec_" + base64). Each delivery is a row;
 *   failed attempts are retried with exponential backoff through the job queue (see dispatcher).
 */
import { randomBytes } from 'node:crypto';
import {
  type Connection,
  type ConnectionTestResult,
  type SaveConnectionInput,
  type WebhookDelivery,
  type WebhookEvent,
  integrationMessages,
  saveConnectionInputSchema,
} from '@sorteio/shared';
import { and, asc, desc, eq, lte, sql } from 'drizzle-orm';
import pg from 'pg';
import { Webhook } from 'standardwebhooks';
import type { Db } from '../../db/client';
import { externalConnections, webhookDeliveries } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { PrivateAddressError, isPrivateAddress, outboundRequest } from '../../lib/outbound-http';
import { createSealer } from '../../lib/sealed';
import type { AuditActor } from '../audit/audit.service';
import { writeAudit } from '../audit/audit.service';
import { getSetting } from '../settings/settings.service';

/** Seconds before attempt n+1 (after n failures); after the last, the delivery is 'failed'. */
export const WEBHOOK_BACKOFF_SECONDS = [5, 30, 120, 600, 3600, 6 * 3600] as const;
export const WEBHOOK_TIMEOUT_MS = 10_000;
const TEST_TIMEOUT_MS = 5000;
const SECRET_KEY =
  /secret|senha|password|passwd|token|apikey|api_key|authorization|credential|connectionstring|private/i;
const MASK = '••••••••';

type Row = typeof externalConnections.$inferSelect;

function sealer(appSecret: string) {
  return createSealer(appSecret, 'connection-config');
}

function maskConfig(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskConfig);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        SECRET_KEY.test(k) && (typeof v === 'string' || typeof v === 'number')
          ? MASK
          : maskConfig(v),
      ]),
    );
  if (typeof value === 'string') {
    // URLs with credentials (postgres://user:pass@host) keep everything but the password.
    try {
      const url = new URL(value);
      if (url.password) {
        url.password = 'xxxxx';
        return url.toString().replace('xxxxx', MASK);
      }
    } catch {
      // not a URL
    }
  }
  return value;
}

/** A value sent back masked by the screen keeps the stored one. */
function keepMasked(next: unknown, previous: unknown): unknown {
  if (next === MASK) return previous;
  if (Array.isArray(next))
    return next.map((v, i) => keepMasked(v, Array.isArray(previous) ? previous[i] : undefined));
  if (next && typeof next === 'object')
    return Object.fromEntries(
      Object.entries(next as Record<string, unknown>).map(([k, v]) => [
        k,
        keepMasked(
          v,
          previous && typeof previous === 'object'
            ? (previous as Record<string, unknown>)[k]
            : undefined,
        ),
      ]),
    );
  if (typeof next === 'string' && next.includes(MASK) && typeof previous === 'string') {
    try {
      const prev = new URL(previous);
      const url = new URL(next.replace(MASK, 'xxxxx'));
      if (url.password === 'xxxxx') {
        url.password = prev.password;
        return url.toString();
      }
    } catch {
      // not a URL
    }
  }
  return next;
}

function parseConfig(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.trim() === '' ? '{}' : text);
  } catch {
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.connectionInvalidJson,
      reason: 'INVALID_JSON',
    });
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new AppError('VALIDATION_ERROR', {
      message: integrationMessages.connectionInvalidJson,
      reason: 'INVALID_JSON',
    });
  return parsed as Record<string, unknown>;
}

function toConnection(row: Row): Connection {
  return {
    id: row.id,
    connection_name: row.connectionName,
    connection_type: row.connectionType as Connection['connection_type'],
    service_name: row.serviceName,
    config_data: row.configMasked as Record<string, unknown>,
    is_active: row.isActive,
    events: row.events as WebhookEvent[],
    created_at: row.createdAt.toISOString(),
  };
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export async function listConnections(db: Db) {
  const rows = await db
    .select()
    .from(externalConnections)
    .orderBy(desc(externalConnections.createdAt));
  const items = rows.map(toConnection);
  return {
    items,
    counts: {
      total: items.length,
      active: items.filter((c) => c.is_active).length,
      api: items.filter((c) => c.connection_type === 'api').length,
      webhook: items.filter((c) => c.connection_type === 'webhook').length,
    },
  };
}

async function getRow(db: Db, id: string): Promise<Row> {
  const [row] = await db.select().from(externalConnections).where(eq(externalConnections.id, id));
  if (!row) throw notFound('Conexão não encontrada.');
  return row;
}

export async function saveConnection(options: {
  db: Db;
  appSecret: string;
  actor: AuditActor;
  id: string | null;
  input: SaveConnectionInput;
}): Promise<{ connection: Connection; signingSecret: string | null }> {
  const { db, actor } = options;
  const input = saveConnectionInputSchema.parse(options.input);
  const seal = sealer(options.appSecret);
  const previous = options.id ? await getRow(db, options.id) : null;
  let config = parseConfig(input.config_data);
  if (previous)
    config = keepMasked(config, JSON.parse(seal.openText(previous.configSealed))) as Record<
      string,
      unknown
    >;
  let signingSecret: string | null = null;
  if (input.connection_type === 'webhook') {
    if (typeof config.url !== 'string')
      throw new AppError('VALIDATION_ERROR', {
        message: 'Informe a URL do webhook na configuração: {"url": "https://..."}',
      });
    if (typeof config.secret !== 'string' || !config.secret.startsWith('whsec_')) {
      // A new signing secret, shown once so the receiver can be configured with it.
      signingSecret = newWebhookSecret();
      config.secret = signingSecret;
    }
  }
  const values = {
    connectionName: input.connection_name,
    connectionType: input.connection_type,
    serviceName: input.service_name,
    configSealed: seal.seal(JSON.stringify(config)),
    configMasked: maskConfig(config) as Record<string, unknown>,
    isActive: input.is_active,
    events: input.connection_type === 'webhook' ? input.events : [],
    updatedAt: new Date(),
  };
  const row = await db.transaction(async (tx) => {
    const [saved] = previous
      ? await tx
          .update(externalConnections)
          .set(values)
          .where(eq(externalConnections.id, previous.id))
          .returning()
      : await tx.insert(externalConnections).values(values).returning();
    await writeAudit(tx, actor, {
      action: previous ? 'connection.update' : 'connection.create',
      targetType: 'connection',
      targetId: saved!.id,
      before: previous ? { ...toConnection(previous) } : null,
      after: toConnection(saved!),
    });
    return saved!;
  });
  webhookTargets.delete(db);
  return { connection: toConnection(row), signingSecret };
}

export async function deleteConnection(db: Db, actor: AuditActor, id: string): Promise<void> {
  const row = await getRow(db, id);
  await db.transaction(async (tx) => {
    await tx.delete(externalConnections).where(eq(externalConnections.id, id));
    await writeAudit(tx, actor, {
      action: 'connection.delete',
      targetType: 'connection',
      targetId: id,
      before: toConnection(row),
    });
  });
  // After the commit: a reload in between would cache the deleted target again.
  webhookTargets.delete(db);
}

function describeError(error: unknown): string {
  if (error instanceof PrivateAddressError) return integrationMessages.privateAddress;
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/** 'Testar': a real request; what happened (status, time, error). */
export async function testConnection(options: {
  db: Db;
  appSecret: string;
  id: string;
}): Promise<ConnectionTestResult> {
  const row = await getRow(options.db, options.id);
  const config = JSON.parse(sealer(options.appSecret).openText(row.configSealed)) as Record<
    string,
    unknown
  >;
  const allowPrivate = await getSetting(options.db, 'integrations.allowPrivateAddresses');
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  if (row.connectionType === 'database') {
    return testDatabase(config, allowPrivate, started);
  }
  const url = typeof config.url === 'string' ? config.url : null;
  if (!url) return { ok: false, status: null, durationMs: 0, message: 'Configuração sem "url".' };
  try {
    const headers =
      config.headers && typeof config.headers === 'object'
        ? Object.fromEntries(
            Object.entries(config.headers as Record<string, unknown>).map(([k, v]) => [
              k,
              String(v),
            ]),
          )
        : {};
    const res =
      row.connectionType === 'webhook'
        ? await sendSigned({
            url,
            secret: String(config.secret),
            id: `msg_test_${randomBytes(8).toString('hex')}`,
            body: JSON.stringify({
              type: 'connection.test',
              timestamp: new Date().toISOString(),
              data: {},
            }),
            allowPrivate,
            timeoutMs: TEST_TIMEOUT_MS,
          })
        : await outboundRequest(url, {
            method: typeof config.method === 'string' ? config.method.toUpperCase() : 'GET',
            headers,
            allowPrivate,
            timeoutMs: TEST_TIMEOUT_MS,
          });
    const ok = res.status >= 200 && res.status < 400;
    return {
      ok,
      status: res.status,
      durationMs: res.durationMs,
      message: ok
        ? `HTTP ${res.status} em ${res.durationMs} ms`
        : `HTTP ${res.status}: ${res.body.slice(0, 200)}`,
    };
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), message: describeError(error) };
  }
}

async function testDatabase(
  config: Record<string, unknown>,
  allowPrivate: boolean,
  started: number,
): Promise<ConnectionTestResult> {
  const elapsed = () => Math.round(performance.now() - started);
  const connectionString =
    typeof config.connectionString === 'string'
      ? config.connectionString
      : typeof config.url === 'string'
        ? config.url
        : undefined;
  const clientConfig: pg.ClientConfig = connectionString
    ? { connectionString }
    : {
        host: typeof config.host === 'string' ? config.host : undefined,
        port: typeof config.port === 'number' ? config.port : undefined,
        user: typeof config.user === 'string' ? config.user : undefined,
        password: typeof config.password === 'string' ? config.password : undefined,
        database: typeof config.database === 'string' ? config.database : undefined,
      };
  const host = connectionString ? new URL(connectionString).hostname : (clientConfig.host ?? '');
  if (!allowPrivate) {
    const { lookup } = await import('node:dns/promises');
    try {
      const addresses = await lookup(host || 'localhost', { all: true });
      if (addresses.some((a) => isPrivateAddress(a.address)))
        return {
          ok: false,
          status: null,
          durationMs: elapsed(),
          message: integrationMessages.privateAddress,
        };
    } catch (error) {
      return { ok: false, status: null, durationMs: elapsed(), message: describeError(error) };
    }
  }
  const client = new pg.Client({
    ...clientConfig,
    connectionTimeoutMillis: TEST_TIMEOUT_MS,
    query_timeout: TEST_TIMEOUT_MS,
  });
  try {
    await client.connect();
    const r = await client.query<{ ok: number }>('select 1 as ok');
    const ok = r.rows[0]?.ok === 1;
    return {
      ok,
      status: null,
      durationMs: elapsed(),
      message: ok ? `select 1 em ${elapsed()} ms` : 'Resposta inesperada.',
    };
  } catch (error) {
    return { ok: false, status: null, durationMs: elapsed(), message: describeError(error) };
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One signed POST (Standard Webhooks headers). */
export function sendSigned(options: {
  url: string;
  secret: string;
  id: string;
  body: string;
  allowPrivate: boolean;
  timeoutMs?: number;
  at?: Date;
}) {
  const at = options.at ?? new Date();
  const signature = new Webhook(options.secret).sign(options.id, at, options.body);
  return outboundRequest(options.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'user-agent': 'SorteioCerto-Webhooks/1',
      'webhook-id': options.id,
      'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
      'webhook-signature': signature,
    },
    body: options.body,
    allowPrivate: options.allowPrivate,
    timeoutMs: options.timeoutMs ?? WEBHOOK_TIMEOUT_MS,
  });
}

// ------------------------------------------------------------------------------ deliveries

/** Where new and retried deliveries go: the job queue in production, a timer without it. */
export interface WebhookDispatcher {
  enqueue(deliveryId: string, delaySeconds: number): Promise<void>;
}

/** Records one delivery per active connection subscribed to the event; returns their ids. */
/**
 * The active webhook connections subscribed to each event, per database, read at most every
 * WEBHOOK_TARGETS_TTL_MS (an event such as a seat would otherwise read them on every join).
 * Dropped at once by this process's own changes; another server copy's change applies here
 * within the TTL.
 */
export const WEBHOOK_TARGETS_TTL_MS = 5_000;
const webhookTargets = new WeakMap<Db, Map<string, { at: number; ids: { id: string }[] }>>();

async function webhookTargetsOf(db: Db, event: WebhookEvent): Promise<{ id: string }[]> {
  let byEvent = webhookTargets.get(db);
  if (!byEvent)
    webhookTargets.set(db, (byEvent = new Map<string, { at: number; ids: { id: string }[] }>()));
  const known = byEvent.get(event);
  if (known && Date.now() - known.at < WEBHOOK_TARGETS_TTL_MS) return known.ids;
  const at = Date.now();
  const ids = await db
    .select({ id: externalConnections.id })
    .from(externalConnections)
    .where(
      and(
        eq(externalConnections.isActive, true),
        eq(externalConnections.connectionType, 'webhook'),
        sql`${event} = any(${externalConnections.events})`,
      ),
    );
  // Kept only if no change of this process dropped the map meanwhile.
  if (webhookTargets.get(db) === byEvent) byEvent.set(event, { at, ids });
  return ids;
}

export async function recordEvent(
  db: Db,
  event: WebhookEvent,
  data: Record<string, unknown>,
): Promise<string[]> {
  const targets = await webhookTargetsOf(db, event);
  if (targets.length === 0) return [];
  const timestamp = new Date().toISOString();
  const rows = targets.map((t) => ({
    id: `msg_${randomBytes(12).toString('hex')}`,
    connectionId: t.id,
    event,
    payload: { type: event, timestamp, data },
  }));
  // Only to connections that are still active and subscribed (the list may be a few seconds
  // old): one statement, whatever another copy changed meanwhile.
  const inserted = await db.execute(
    sql`insert into ${webhookDeliveries} (id, connection_id, event, payload)
        select v.id, v.connection_id, v.event, v.payload
          from (values ${sql.join(
            rows.map(
              (r) =>
                sql`(${r.id}::text, ${r.connectionId}::uuid, ${r.event}::text, ${JSON.stringify(r.payload)}::jsonb)`,
            ),
            sql`, `,
          )}) as v (id, connection_id, event, payload)
          join ${externalConnections} c on c.id = v.connection_id
         where c.is_active and c.connection_type = 'webhook' and v.event = any(c.events)
        returning id`,
  );
  const ids = new Set(
    ((inserted as { rows?: { id: string }[] }).rows ?? (inserted as { id: string }[])).map(
      (r) => r.id,
    ),
  );
  return rows.map((r) => r.id).filter((id) => ids.has(id));
}

/**
 * One attempt of a delivery. The row is leased first (next_attempt_at pushed past the deadline)
 * so two server copies never send it at the same time. Returns the delay before the next try,
 * or null when there is nothing more to do.
 */
export async function attemptDelivery(
  db: Db,
  appSecret: string,
  deliveryId: string,
): Promise<number | null> {
  // An inactive (paused) connection keeps its deliveries pending until it is active again.
  const [target] = await db
    .select({ active: externalConnections.isActive })
    .from(webhookDeliveries)
    .innerJoin(externalConnections, eq(externalConnections.id, webhookDeliveries.connectionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!target?.active) return null;
  const lease = new Date(Date.now() + WEBHOOK_TIMEOUT_MS + 5000);
  const [claimed] = await db
    .update(webhookDeliveries)
    .set({ nextAttemptAt: lease })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        // The database's clock, as the row's default: a JavaScript Date has only milliseconds, so a
        // row inserted in the same millisecond would look not yet due on PostgreSQL (microseconds).
        lte(webhookDeliveries.nextAttemptAt, sql`clock_timestamp()`),
      ),
    )
    .returning();
  if (!claimed) return null;
  const [connection] = await db
    .select()
    .from(externalConnections)
    .where(eq(externalConnections.id, claimed.connectionId));
  if (!connection) return null;
  const config = JSON.parse(sealer(appSecret).openText(connection.configSealed)) as {
    url?: string;
    secret?: string;
  };
  const allowPrivate = await getSetting(db, 'integrations.allowPrivateAddresses');
  let status: number | null = null;
  let durationMs: number | null = null;
  let error: string | null = null;
  try {
    const res = await sendSigned({
      url: String(config.url),
      secret: String(config.secret),
      id: claimed.id,
      body: JSON.stringify(claimed.payload),
      allowPrivate,
    });
    status = res.status;
    durationMs = res.durationMs;
    if (res.status < 200 || res.status >= 300)
      error = `HTTP ${res.status}: ${res.body.slice(0, 200)}`;
  } catch (e) {
    error = describeError(e);
  }
  const attempts = claimed.attempts + 1;
  if (!error) {
    await db
      .update(webhookDeliveries)
      .set({
        status: 'delivered',
        attempts,
        responseStatus: status,
        durationMs,
        error: null,
        deliveredAt: new Date(),
      })
      .where(eq(webhookDeliveries.id, claimed.id));
    return null;
  }
  const delay = WEBHOOK_BACKOFF_SECONDS[attempts - 1];
  await db
    .update(webhookDeliveries)
    .set({
      status: delay === undefined ? 'failed' : 'pending',
      attempts,
      responseStatus: status,
      durationMs,
      error,
      nextAttemptAt: new Date(Date.now() + (delay ?? 0) * 1000),
    })
    .where(eq(webhookDeliveries.id, claimed.id));
  return delay ?? null;
}

/** Deliveries whose retry time has come (a copy that died mid-attempt leaves its lease to expire). */
export async function dueDeliveries(db: Db, limit = 50): Promise<string[]> {
  const rows = await db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.status, 'pending'),
        lte(webhookDeliveries.nextAttemptAt, new Date()),
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export async function listDeliveries(db: Db, connectionId: string): Promise<WebhookDelivery[]> {
  await getRow(db, connectionId);
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.connectionId, connectionId))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    event: r.event,
    status: r.status as WebhookDelivery['status'],
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    durationMs: r.durationMs,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
    deliveredAt: r.deliveredAt?.toISOString() ?? null,
  }));
}

/** 'Reenviar': the same message (same webhook-id, so receivers can deduplicate) sent again now. */
export async function resendDelivery(db: Db, actor: AuditActor, deliveryId: string): Promise<void> {
  const [target] = await db
    .select({ active: externalConnections.isActive })
    .from(webhookDeliveries)
    .innerJoin(externalConnections, eq(externalConnections.id, webhookDeliveries.connectionId))
    .where(eq(webhookDeliveries.id, deliveryId));
  if (!target) throw notFound('Entrega não encontrada.');
  if (!target.active)
    throw new AppError('CONFLICT', { message: 'A conexão está inativa: ative-a para reenviar.' });
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date() })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning({ id: webhookDeliveries.id, connectionId: webhookDeliveries.connectionId });
    if (!row) throw notFound('Entrega não encontrada.');
    await writeAudit(tx, actor, {
      action: 'webhook.resend',
      targetType: 'webhook_delivery',
      targetId: deliveryId,
      after: { connectionId: row.connectionId },
    });
  });
}
