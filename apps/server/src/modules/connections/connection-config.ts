/**
 * A connection's configuration: JSON text that must parse to an object, stored sealed with the
 * key ring of APP_SECRET and shown with secret-looking values masked; an edit that sends a masked
 * value back keeps the stored secret.
 */
import { integrationMessages } from '@sorteio/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { externalConnections } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { KeyRing, ResealCount } from '../../lib/key-ring';
import { createResealer, createSealer } from '../../lib/sealed';

const SECRET_KEY =
  /secret|senha|password|passwd|token|apikey|api_key|authorization|credential|connectionstring|private/i;
const MASK = '••••••••';

export function connectionSealer(ring: KeyRing) {
  return createSealer(ring, 'connection-config');
}

/** After a key rotation: every connection's config sealed again with the current key. */
export async function resealConnectionConfigs(db: Db, ring: KeyRing): Promise<ResealCount> {
  const sealer = connectionSealer(ring);
  const resealer = createResealer();
  const rows = await db
    .select({ id: externalConnections.id, configSealed: externalConnections.configSealed })
    .from(externalConnections);
  for (const row of rows) {
    const configSealed = resealer.reseal(sealer, row.configSealed);
    if (configSealed !== row.configSealed)
      // Only if untouched meanwhile: a save made since then is already sealed with the current key.
      await db
        .update(externalConnections)
        .set({ configSealed })
        .where(
          and(
            eq(externalConnections.id, row.id),
            eq(externalConnections.configSealed, row.configSealed),
          ),
        );
  }
  return resealer.count;
}

export function maskConfig(value: unknown): unknown {
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
export function keepMasked(next: unknown, previous: unknown): unknown {
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

export function parseConfig(text: string): Record<string, unknown> {
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
