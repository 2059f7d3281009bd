import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jsonHeaders, useTestApp, verifiedPlayer } from '../test/helpers';
import { createRoom } from '../modules/rooms/rooms.service';

const TOKEN = 'metrics-token-metrics-token-0123456789';
const ctx = useTestApp({ env: { METRICS_TOKEN: TOKEN } });

const scrape = (headers: Record<string, string> = {}, remoteAddress = '127.0.0.1') =>
  ctx.app.inject({ url: '/metrics', headers, remoteAddress });

function value(body: string, line: string): number {
  const escaped = line.replace(/[{}"().*+?^$|[\]\\]/g, '\\$&');
  const m = new RegExp(`^${escaped} (\\S+)$`, 'm').exec(body);
  if (!m) throw new Error(`no sample ${line} in:\n${body}`);
  return Number(m[1]);
}

describe('/metrics', () => {
  it('answers the machine itself and a scraper with the token, nobody else', async () => {
    expect((await scrape()).statusCode).toBe(200);
    // Another machine, or the machine's own proxy passing a visitor on: not found.
    expect((await scrape({}, '198.51.100.7')).statusCode).toBe(404);
    expect((await scrape({ 'x-forwarded-for': '198.51.100.7' })).statusCode).toBe(404);
    expect((await scrape({ authorization: 'Bearer wrong' }, '198.51.100.7')).statusCode).toBe(404);
    const withToken = await scrape({ authorization: `Bearer ${TOKEN}` }, '198.51.100.7');
    expect(withToken.statusCode).toBe(200);
    expect(withToken.headers['content-type']).toContain('text/plain');
    expect(withToken.body).toContain('sorteio_database_up 1');
  });

  it('counts entries, PIX confirmations and sockets as they happen', async () => {
    const before = (await scrape()).body;
    const room = await createRoom({
      db: ctx.database.db,
      input: { tipoSala: 'ouro', valorEntradaCentavos: 1500, maxParticipantes: 5, taxaBp: 1500 },
    });
    const player = await verifiedPlayer(ctx);
    const call = (url: string, payload: object = {}) =>
      ctx.app.inject({
        method: 'POST',
        url,
        headers: { ...jsonHeaders, cookie: player.cookie },
        payload,
      });
    const join = (await call(`/api/rooms/${room.id}/join`, { metodo: 'pix' })).json();
    const charge = (
      await call('/api/payments/pix', { participacaoId: join.participation.id })
    ).json();
    expect((await call(`/api/payments/pix/${charge.txid}/simulate`)).statusCode).toBe(200);
    const after = (await scrape()).body;
    expect(value(after, 'sorteio_entries_total')).toBe(value(before, 'sorteio_entries_total') + 1);
    expect(value(after, 'sorteio_pix_confirmations_total')).toBe(
      value(before, 'sorteio_pix_confirmations_total') + 1,
    );
    // The confirmation delay of the last 15 minutes now has a value.
    expect(
      value(after, 'sorteio_pix_confirmation_delay_seconds{quantile="0.95"}'),
    ).toBeGreaterThanOrEqual(0);
    expect(value(after, 'sorteio_payouts{state="failing"}')).toBe(0);
    expect(value(after, 'sorteio_open_sockets')).toBe(0);
    expect(value(after, 'sorteio_open_sockets_limit')).toBe(ctx.config.ws.maxTotal);
    // No standby configured: no lag reported.
    expect(after).not.toMatch(/^sorteio_replication_lag_seconds /m);
  });

  it('exports every metric the alert rules use', async () => {
    const body = (await scrape()).body;
    const rules = readFileSync(
      new URL('../../../../deploy/prometheus/alerts.yml', import.meta.url),
      'utf8',
    );
    const used = new Set(rules.match(/\b(sorteio_[a-z_]+|money_[a-z_]+|http_request_[a-z_]+)/g));
    expect(used.size).toBeGreaterThan(10);
    const exported = new Set(
      [...body.matchAll(/^# TYPE (\S+) (\S+)$/gm)].flatMap(([, name, type]) =>
        type === 'histogram'
          ? [`${name}_bucket`, `${name}_count`, `${name}_sum`]
          : type === 'counter'
            ? [name!, `${name}_total`]
            : [name!],
      ),
    );
    // Exported only with DATABASE_READ_URL (the standby's test covers them).
    const withStandby = new Set(['sorteio_read_database_up', 'sorteio_replication_lag_seconds']);
    const missing = [...used].filter((name) => !exported.has(name) && !withStandby.has(name));
    expect(missing).toEqual([]);
  });
});
