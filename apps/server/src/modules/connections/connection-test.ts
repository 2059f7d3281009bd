/**
 * 'Testar' makes a real request: an HTTP request to the configured URL for api and webhook (a
 * webhook signed as a delivery would be), a PostgreSQL connection and `select 1` for database.
 * Outgoing requests follow the SSRF rule of lib/outbound-http.ts.
 */
import { randomBytes } from 'node:crypto';
import { type ConnectionTestResult, integrationMessages } from '@sorteio/shared';
import pg from 'pg';
import type { Db } from '../../db/client';
import type { KeyRing } from '../../lib/key-ring';
import { isPrivateAddress, outboundRequest } from '../../lib/outbound-http';
import { getSetting } from '../settings/settings.service';
import { connectionSealer as sealer } from './connection-config';
import { getRow } from './connection-rows';
import { describeError, sendSigned } from './webhook-send';

const TEST_TIMEOUT_MS = 5000;

/** 'Testar': a real request; what happened (status, time, error). */
export async function testConnection(options: {
  db: Db;
  keyRing: KeyRing;
  id: string;
}): Promise<ConnectionTestResult> {
  const row = await getRow(options.db, options.id);
  const config = JSON.parse(sealer(options.keyRing).openText(row.configSealed)) as Record<
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
