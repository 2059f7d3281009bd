import type { App } from '../lib/fastify';

export type LiveSocket = Awaited<ReturnType<App['injectWS']>>;

/**
 * Opens /api/ws through injection with its listeners attached before the upgrade completes: the
 * server greets at once (an anonymous socket needs no lookup), so a listener added after
 * `injectWS` resolves could miss the first messages.
 */
export async function openLiveSocket(app: App, cookie?: string) {
  const messages: Record<string, unknown>[] = [];
  const raw: string[] = [];
  const socket: LiveSocket = await app.injectWS('/api/ws', cookie ? { headers: { cookie } } : {}, {
    onInit: (ws) => {
      ws.on('message', (data: Buffer) => {
        const text = data.toString();
        raw.push(text);
        messages.push(JSON.parse(text) as Record<string, unknown>);
      });
    },
  });
  return {
    socket,
    messages,
    raw,
    waitFor: async (predicate: (m: Record<string, unknown>) => boolean, ms = 5000) => {
      const start = Date.now();
      while (Date.now() - start < ms) {
        const found = messages.find(predicate);
        if (found) return found;
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error(`no matching message in ${JSON.stringify(messages)}`);
    },
  };
}
