/**
 * The server's own options: a plugin slow to start on a busy machine does not stop the server, one
 * that never starts still does.
 */
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { testConfig } from '../test/helpers';
import { serverOptions } from './server-options';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('starting the server', () => {
  it('waits longer than Fastify’s 10 s for a slow plugin, and still gives up on a hung one', async () => {
    const { pluginTimeout } = serverOptions(testConfig({ logLevel: 'silent' }));
    expect(pluginTimeout).toBe(60_000);

    // The same bound, scaled down to keep the test short: slow starts, hung fails.
    const app = Fastify({
      ...serverOptions(testConfig({ logLevel: 'silent' })),
      pluginTimeout: 200,
    });
    app.register(async () => {
      await delay(50);
    });
    await expect(app.ready()).resolves.toBeDefined();
    await app.close();

    const hung = Fastify({
      ...serverOptions(testConfig({ logLevel: 'silent' })),
      pluginTimeout: 200,
    });
    hung.register((_instance, _opts, _done) => {
      // never calls done
    });
    await expect(hung.ready()).rejects.toThrow(/did not start in time/);
  });
});
