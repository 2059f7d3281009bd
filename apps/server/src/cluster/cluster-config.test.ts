/**
 * The configuration of several copies behind a proxy: whose forwarding headers are believed
 * (TRUST_PROXY), the shared Redis and the drain time on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createTestApp } from '../test/helpers';

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-cluster-cfg-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });

describe('cluster configuration', () => {
  it('reads TRUST_PROXY as a switch or as the proxies addresses', () => {
    expect(load({}).trustProxy).toBe(false);
    expect(load({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(load({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8,::1' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
    expect(() => load({ TRUST_PROXY: 'nginx' })).toThrow(ConfigError);
    expect(() => load({ TRUST_PROXY: '10.0.0.0/99' })).toThrow(/TRUST_PROXY/);
  });

  it('reads REDIS_URL, its key prefix and the drain time', () => {
    expect(load({}).redis).toBeNull();
    expect(load({ REDIS_URL: 'redis://127.0.0.1:6379/3', REDIS_PREFIX: 'prod:' }).redis).toEqual({
      url: 'redis://127.0.0.1:6379/3',
      prefix: 'prod:',
    });
    expect(() => load({ REDIS_URL: 'http://127.0.0.1' })).toThrow(/REDIS_URL/);
    expect(load({ SHUTDOWN_DRAIN_MS: '1500' }).shutdownDrainMs).toBe(1500);
  });

  it("reads how soon a dead copy's jobs are retried", () => {
    expect(load({}).jobs).toEqual({
      maintenanceSeconds: 30,
      mailExpireSeconds: 120,
      mailRetryDelaySeconds: 15,
    });
    expect(
      load({ JOBS_MAINTENANCE_SECONDS: '1', MAIL_JOB_EXPIRE_SECONDS: '3' }).jobs,
    ).toMatchObject({ maintenanceSeconds: 1, mailExpireSeconds: 3 });
    expect(() => load({ JOBS_MAINTENANCE_SECONDS: '0' })).toThrow(/JOBS_MAINTENANCE_SECONDS/);
  });

  it("reads the shared bucket's server-side encryption", () => {
    const bucket = { S3_BUCKET: 'documentos', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' };
    expect(load(bucket).s3?.sse).toBeNull();
    expect(load({ ...bucket, S3_SSE: 'true' }).s3?.sse).toEqual({
      algorithm: 'AES256',
      kmsKeyId: null,
    });
    expect(load({ ...bucket, S3_SSE: 'aws:kms', S3_SSE_KMS_KEY_ID: 'chave-kms' }).s3?.sse).toEqual({
      algorithm: 'aws:kms',
      kmsKeyId: 'chave-kms',
    });
    expect(() => load({ ...bucket, S3_SSE: 'AES256', S3_SSE_KMS_KEY_ID: 'x' })).toThrow(
      /S3_SSE_KMS_KEY_ID/,
    );
    expect(() => load({ ...bucket, S3_SSE: 'sim' })).toThrow(/S3_SSE/);
  });

  it('believes X-Forwarded-For only from a listed proxy', async () => {
    const lines: string[] = [];
    const ctx = await createTestApp({
      config: { trustProxy: ['127.0.0.1'], logLevel: 'info' },
      logStream: { write: (line) => lines.push(line) },
    });
    const addressSeen = async (remoteAddress: string) => {
      const res = await ctx.app.inject({
        url: '/api/ready',
        remoteAddress,
        headers: { 'x-forwarded-for': '203.0.113.7' },
      });
      const line = lines
        .map((l) => JSON.parse(l) as { reqId?: string; req?: { remoteAddress?: string } })
        .find((l) => l.reqId === res.headers['x-request-id'] && l.req);
      return line?.req?.remoteAddress;
    };
    try {
      expect(await addressSeen('127.0.0.1')).toBe('203.0.113.7');
      // Anyone else claiming to forward is not believed: its own address counts.
      expect(await addressSeen('198.51.100.9')).toBe('198.51.100.9');
    } finally {
      await ctx.close();
    }
  });
});
