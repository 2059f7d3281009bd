/**
 * A short-lived cache for reads whose answer is the same for every caller (the draws list and
 * proofs, public figures, the open rooms and a room's detail). Each entry is the serialized JSON
 * with its ETag, so a hit costs no query and no serialization, and a client that has the same
 * answer gets 304 with no body.
 *
 * Entries carry tags; the live events that change what a tag covers (a room's seats or status, a
 * draw) clear it on every server copy, because each copy hears every event through LISTEN/NOTIFY.
 * The TTL bounds what changes without an event (a new account in the public figures, a room an
 * administrator deleted). Clients are told `no-cache`: they revalidate on every read, so a screen
 * that refetches after a live hint never keeps an old answer from its own HTTP cache.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { LiveEvent } from '../realtime/realtime';

export type CacheTag = 'rooms' | 'draws' | 'stats';

interface Entry {
  tag: CacheTag;
  at: number;
  generation: number;
  value: Promise<unknown>;
}

export interface Cached {
  body: string;
  etag: string;
}

export interface PublicCacheStats {
  hits: number;
  misses: number;
  invalidations: number;
}

export class PublicCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped per tag on invalidation: a load that started before it is not kept. */
  private readonly generations: Record<CacheTag, number> = { rooms: 0, draws: 0, stats: 0 };
  readonly stats: PublicCacheStats = { hits: 0, misses: 0, invalidations: 0 };

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries = 1000,
  ) {}

  /** The cached answer for `key`, or `load()` encoded by `schema`, serialized and kept. */
  get<S extends z.ZodType>(
    tag: CacheTag,
    key: string,
    schema: S,
    load: () => Promise<z.output<S>>,
  ): Promise<Cached> {
    return this.keep(tag, key, () =>
      load().then((data) => {
        // As the routes' own serializer does (fastify-type-provider-zod): encode, then stringify.
        const body = JSON.stringify(z.encode(schema, data));
        return {
          body,
          etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
        };
      }),
    ) as Promise<Cached>;
  }

  /** Sends the answer for `key` as sendCached does, loading it on a miss (a public read). */
  async send<S extends z.ZodType>(
    request: FastifyRequest,
    reply: FastifyReply,
    read: { tag: CacheTag; key: string; schema: S; load: () => Promise<z.output<S>> },
  ) {
    return sendCached(request, reply, await this.get(read.tag, read.key, read.schema, read.load));
  }

  /**
   * A value the same for every caller that is part of a larger answer (the platform figures on a
   * player's dashboard), kept as it is under the same tags and TTL. Use keys of their own.
   */
  value<T>(tag: CacheTag, key: string, load: () => Promise<T>): Promise<T> {
    return this.keep(tag, `value:${key}`, load) as Promise<T>;
  }

  private keep(tag: CacheTag, key: string, produce: () => Promise<unknown>): Promise<unknown> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.generation === this.generations[tag] && now - hit.at < this.ttlMs) {
      this.stats.hits += 1;
      return hit.value;
    }
    this.stats.misses += 1;
    const generation = this.generations[tag];
    const value = produce();
    // A failed load (404, database error) is never kept: the next read asks again.
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    if (this.entries.size >= this.maxEntries) {
      // Oldest first (Map keeps insertion order).
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key);
    this.entries.set(key, { tag, at: now, generation, value });
    return value;
  }

  invalidate(...tags: CacheTag[]): void {
    this.stats.invalidations += 1;
    for (const tag of tags) this.generations[tag] += 1;
    for (const [key, entry] of this.entries) if (tags.includes(entry.tag)) this.entries.delete(key);
  }

  /** What a live event changes: seats and status (rooms, figures); a draw (also the draws). */
  invalidateFor(event: LiveEvent): void {
    switch (event.type) {
      case 'room':
        return this.invalidate('rooms', 'stats');
      case 'draw':
        return this.invalidate('rooms', 'stats', 'draws');
      case 'private-room':
        // Private rooms are in no public list, but their draws count in the public figures.
        if (event.change === 'draw') this.invalidate('stats', 'draws');
        return;
      default:
        return;
    }
  }
}

/**
 * Sends a cached answer: 304 when the client already has it, else the JSON with its ETag.
 * `visibility` is 'private' for answers behind a sign-in (the same for every account, but not
 * for shared caches on the way).
 */
export function sendCached(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: Cached,
  visibility: 'public' | 'private' = 'public',
) {
  void reply.header('etag', cached.etag).header('cache-control', `${visibility}, no-cache`);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((t) => t.trim() === cached.etag))
    return reply.code(304).send();
  return reply
    .type('application/json; charset=utf-8')
    .serializer((payload: unknown) => payload as string)
    .send(cached.body);
}
