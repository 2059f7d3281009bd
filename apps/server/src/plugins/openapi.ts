/** The OpenAPI document of every route (hidden ones left out), served at /api/openapi.json. */
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { Config } from '../config';
import type { App } from '../lib/fastify';

export async function registerOpenApi(app: App, config: Config) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Sorteio Certo API', version: config.version },
      servers: [{ url: config.baseUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
