import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { createLocalStorage, createS3Storage } from './storage';

/**
 * A real S3-compatible server on loopback (s3rver, from npm): it checks the requests' AWS
 * signatures against its account (S3RVER / S3RVER) and keeps the objects in a folder. The
 * headers of every request it receives are recorded, so what the storage sends can be checked.
 */
async function startS3() {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'sorteio-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'documentos', configs: [] }],
  });
  const requests: { method: string; path: string; headers: Record<string, unknown> }[] = [];
  // First in the chain: sees every request as it came.
  server.middleware.unshift(async (ctx, next) => {
    requests.push({ method: ctx.method, path: ctx.path, headers: { ...ctx.headers } });
    await next();
  });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

const base = (url: string): NonNullable<Config['s3']> => ({
  bucket: 'documentos',
  region: 'us-east-1',
  endpoint: url,
  accessKeyId: 'S3RVER',
  secretAccessKey: 'S3RVER',
  forcePathStyle: true,
  sse: null,
});

describe('S3-compatible storage (s3rver)', () => {
  let s3: Awaited<ReturnType<typeof startS3>>;
  beforeAll(async () => {
    s3 = await startS3();
  });
  afterAll(() => s3.close());

  it('stores, reads and deletes private objects through signed requests', async () => {
    const storage = createS3Storage(base(s3.url));
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('verification/u1/abc.png', data, 'image/png');
    const read = await storage.get('verification/u1/abc.png');
    expect(read?.data.equals(data)).toBe(true);
    expect(read?.contentType).toBe('image/png');
    expect(await storage.get('verification/u1/nao-existe.png')).toBeNull();
    await storage.delete('verification/u1/abc.png');
    expect(await storage.get('verification/u1/abc.png')).toBeNull();
    const put = s3.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/documentos/verification/u1/abc.png');
    expect(put.headers['x-amz-server-side-encryption']).toBeUndefined();
    expect(
      s3.requests.every((r) => String(r.headers.authorization).startsWith('AWS4-HMAC-SHA256')),
    ).toBe(true);
  });

  it('asks for server-side encryption on every upload when configured', async () => {
    s3.requests.length = 0;
    await createS3Storage({ ...base(s3.url), sse: { algorithm: 'AES256', kmsKeyId: null } }).put(
      'verification/u2/a.png',
      Buffer.from('a'),
      'image/png',
    );
    await createS3Storage({
      ...base(s3.url),
      sse: { algorithm: 'aws:kms', kmsKeyId: 'arn:aws:kms:us-east-1:000000000000:key/teste' },
    }).put('verification/u2/b.png', Buffer.from('b'), 'image/png');
    const puts = s3.requests.filter((r) => r.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[0]!.headers['x-amz-server-side-encryption']).toBe('AES256');
    expect(puts[0]!.headers['x-amz-server-side-encryption-aws-kms-key-id']).toBeUndefined();
    expect(puts[1]!.headers['x-amz-server-side-encryption']).toBe('aws:kms');
    expect(puts[1]!.headers['x-amz-server-side-encryption-aws-kms-key-id']).toBe(
      'arn:aws:kms:us-east-1:000000000000:key/teste',
    );
    // Signed too: a proxy cannot strip the header without breaking the signature.
    expect(String(puts[1]!.headers.authorization)).toContain('x-amz-server-side-encryption');
  });

  it('surfaces a refused request (wrong key) as an error, not as a missing file', async () => {
    const storage = createS3Storage({
      ...base(s3.url),
      accessKeyId: 'outra-chave',
      secretAccessKey: 'x',
    });
    await expect(storage.get('verification/u1/abc.png')).rejects.toThrow();
    await expect(
      storage.put('verification/u1/x.png', Buffer.from('x'), 'image/png'),
    ).rejects.toThrow();
  });
});

describe('local storage', () => {
  it('keeps files in the private folder and refuses path tricks', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-local-'));
    try {
      const storage = createLocalStorage(dir);
      await storage.put('verification/u1/a.png', Buffer.from('x'), 'image/png');
      expect(readdirSync(path.join(dir, 'verification', 'u1')).sort()).toEqual([
        'a.png',
        'a.png.type',
      ]);
      expect((await storage.get('verification/u1/a.png'))?.contentType).toBe('image/png');
      await expect(storage.put('../fora.png', Buffer.from('x'), 'image/png')).rejects.toThrow(
        /unsafe/,
      );
      await expect(storage.get('verification/../../etc/passwd')).rejects.toThrow(/unsafe/);
      await storage.delete('verification/u1/a.png');
      expect(await storage.get('verification/u1/a.png')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("tells whether a new file fits, from the free space of the folder's disk", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sorteio-local-'));
    try {
      const storage = createLocalStorage(path.join(dir, 'private'));
      const { bavail, bsize } = await statfs(dir);
      // This disk's real free space, read the same way: room below it, none above it.
      expect(await storage.hasRoom!(0)).toBe(true);
      expect(await storage.hasRoom!(Math.floor((bavail * bsize) / 2))).toBe(true);
      expect(await storage.hasRoom!(bavail * bsize * 4 + 1)).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
