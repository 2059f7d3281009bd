import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStorage, createS3Storage } from './storage';

/**
 * A fake S3 endpoint on loopback speaking the path-style REST protocol the AWS SDK uses
 * (PUT/GET/DELETE /bucket/key, NoSuchKey XML errors), refusing unsigned requests.
 */
function startFakeS3() {
  const objects = new Map<string, { body: Buffer; type: string; sse: string | undefined }>();
  const requests: { method: string; url: string; authorization: string | undefined }[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent((req.url ?? '').split('?')[0]!);
      requests.push({
        method: req.method ?? '',
        url: key,
        authorization: req.headers.authorization,
      });
      if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 Credential=chave-teste/')) {
        res
          .writeHead(403, { 'content-type': 'application/xml' })
          .end('<Error><Code>AccessDenied</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        let body = Buffer.concat(chunks);
        // The SDK may send the body with aws-chunked encoding: strip the chunk framing.
        if (req.headers['content-encoding']?.includes('aws-chunked')) {
          const parts: Buffer[] = [];
          let offset = 0;
          while (offset < body.length) {
            const lineEnd = body.indexOf('\r\n', offset);
            const size = Number.parseInt(
              body.toString('ascii', offset, lineEnd).split(';')[0]!,
              16,
            );
            if (!size) break;
            parts.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
            offset = lineEnd + 2 + size + 2;
          }
          body = Buffer.concat(parts);
        }
        objects.set(key, {
          body,
          type: String(req.headers['content-type']),
          sse: req.headers['x-amz-server-side-encryption'] as string | undefined,
        });
        res.writeHead(200, { etag: '"abc"' }).end();
      } else if (req.method === 'GET') {
        const found = objects.get(key);
        if (!found) {
          res
            .writeHead(404, { 'content-type': 'application/xml' })
            .end(
              '<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>The specified key does not exist.</Message></Error>',
            );
          return;
        }
        res
          .writeHead(200, { 'content-type': found.type, 'content-length': found.body.length })
          .end(found.body);
      } else if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
      } else {
        res.writeHead(405).end();
      }
    });
  });
  return new Promise<{
    url: string;
    objects: typeof objects;
    requests: typeof requests;
    close: () => void;
  }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ url: `http://127.0.0.1:${port}`, objects, requests, close: () => server.close() });
    });
  });
}

describe('S3-compatible storage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  beforeAll(async () => {
    fake = await startFakeS3();
  });
  afterAll(() => fake.close());

  it('stores, reads and deletes private objects through signed requests', async () => {
    const storage = createS3Storage({
      bucket: 'documentos',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: 'chave-teste',
      secretAccessKey: 'segredo-teste',
      forcePathStyle: true,
      sse: true,
    });
    const data = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
    await storage.put('verification/u1/abc.png', data, 'image/png');
    const stored = fake.objects.get('/documentos/verification/u1/abc.png');
    expect(stored?.body.equals(data)).toBe(true);
    expect(stored?.type).toBe('image/png');
    expect(stored?.sse).toBe('AES256');
    const read = await storage.get('verification/u1/abc.png');
    expect(read?.data.equals(data)).toBe(true);
    expect(read?.contentType).toBe('image/png');
    expect(await storage.get('verification/u1/nao-existe.png')).toBeNull();
    await storage.delete('verification/u1/abc.png');
    expect(fake.objects.size).toBe(0);
    expect(fake.requests.every((r) => r.authorization?.startsWith('AWS4-HMAC-SHA256'))).toBe(true);
  });

  it('surfaces a refused request as an error, not as a missing file', async () => {
    const storage = createS3Storage({
      bucket: 'documentos',
      region: 'us-east-1',
      endpoint: fake.url,
      accessKeyId: 'outra-chave',
      secretAccessKey: 'x',
      forcePathStyle: true,
      sse: false,
    });
    await expect(storage.get('verification/u1/abc.png')).rejects.toThrow();
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
});
