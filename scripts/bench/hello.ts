/**
 * The reference for the public reads: a Fastify hello-world in its own process, on the same
 * Fastify version as the product, no plugins. Prints "ready" once listening.
 *
 *   node --import tsx scripts/bench/hello.ts <port>
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ host: '127.0.0.1', port: Number(process.argv[2]) });
process.stdout.write('ready\n');
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => void app.close().then(() => process.exit(0)));
