import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { idempotencyHeadersSchema, idempotencyKeySchema, idempotencyMessages } from './idempotency';

const KEY = /^[A-Za-z0-9_-]{1,100}$/;

describe('idempotencyKeySchema', () => {
  it('accepts every key of 1 to 100 letters, digits, "-" and "_"', () => {
    fc.assert(
      fc.property(fc.stringMatching(KEY), (key) => {
        expect(idempotencyKeySchema.parse(key)).toBe(key);
      }),
    );
  });

  it('refuses any other string with its message', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 120 }).filter((s) => !KEY.test(s)),
        (key) => {
          const parsed = idempotencyKeySchema.safeParse(key);
          expect(parsed.success).toBe(false);
          expect(parsed.error?.issues[0]?.message).toBe(idempotencyMessages.invalidKey);
        },
      ),
    );
    expect(idempotencyKeySchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(idempotencyKeySchema.safeParse(crypto.randomUUID()).success).toBe(true);
  });

  it('leaves the header optional and the other headers alone', () => {
    expect(idempotencyHeadersSchema.parse({ cookie: 'x' })).toEqual({});
    expect(idempotencyHeadersSchema.parse({ 'idempotency-key': 'k_1-A' })).toEqual({
      'idempotency-key': 'k_1-A',
    });
  });
});
