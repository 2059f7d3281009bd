/**
 * Security suite, part one: every route of the OpenAPI document is fuzzed with hostile input drawn
 * from its own schema (input-fuzz-walk.ts; this file walks the first half of the routes,
 * input-fuzz-second-half.test.ts the second), and malformed uploads are refused.
 */
import { describe, expect, it } from 'vitest';
import { jsonHeaders } from '../test/helpers';
import { fuzzRoutes, useFuzzApp } from './input-fuzz-walk';

const { ctx, snapshot, cookies } = useFuzzApp();

describe('schema-driven fuzzing of every route (first half)', () => {
  it('never answers 5xx and never changes anything on a refusal', async () => {
    await fuzzRoutes(0, 2);
    // A bound for a hang: under `npm test` the walk shares two cores with every other step.
  }, 1_200_000);
});

/** Malformed multipart bodies for the one upload route (the identity documents). */
function multipartAttacks(): { contentType: string; body: Buffer }[] {
  const b = 'XyZfronteira';
  const part = (headers: string, content: string | Buffer) =>
    Buffer.concat([
      Buffer.from(`--${b}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]);
  const end = Buffer.from(`--${b}--\r\n`);
  const file = (name: string, filename: string) =>
    part(
      `Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png`,
      'não é imagem',
    );
  const field = (name: string, value: string) =>
    part(`Content-Disposition: form-data; name="${name}"`, value);
  const type = `multipart/form-data; boundary=${b}`;
  return [
    {
      contentType: 'multipart/form-data',
      body: Buffer.concat([field('tipoDocumento', 'rg'), end]),
    },
    {
      contentType: 'multipart/form-data; boundary=outra',
      body: Buffer.concat([field('a', 'b'), end]),
    },
    { contentType: type, body: Buffer.concat([field('tipoDocumento', 'rg')]).subarray(0, 30) },
    {
      contentType: type,
      body: Buffer.concat([file('documento', '../../etc/passwd\u0000.png'), end]),
    },
    { contentType: type, body: Buffer.concat([field('numeroDocumento', 'a\u0000b'), end]) },
    {
      contentType: type,
      body: Buffer.concat([...Array.from({ length: 12 }, (_, i) => field(`campo${i}`, 'x')), end]),
    },
    {
      contentType: type,
      body: Buffer.concat([
        file('documento', 'a.png'),
        file('selfie', 'b.png'),
        file('outro', 'c.png'),
        end,
      ]),
    },
    { contentType: type, body: Buffer.concat([part('X-Nada: 1', 'sem disposição'), end]) },
    {
      contentType: type,
      body: Buffer.concat([field('tipoDocumento', 'x'.repeat(2_000_000)), end]),
    },
    { contentType: type, body: Buffer.from('lixo sem fronteira nenhuma') },
    { contentType: type, body: Buffer.alloc(0) },
  ];
}

describe('malformed uploads', () => {
  it('answer 4xx with a message and store nothing', async () => {
    const before = await snapshot();
    const problems: string[] = [];
    for (const [i, attack] of multipartAttacks().entries()) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/profile/verification',
        headers: {
          origin: jsonHeaders.origin,
          cookie: cookies().player,
          'content-type': attack.contentType,
        },
        payload: attack.body,
      });
      const message = (res.json<{ error?: { message?: string } }>().error?.message ?? '').trim();
      if (res.statusCode < 400 || res.statusCode >= 500 || message === '')
        problems.push(`#${i} ${attack.contentType}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
    expect(problems).toEqual([]);
    expect(await snapshot()).toBe(before);
  });
});
