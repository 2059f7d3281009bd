/** The options Fastify is created with: logging, request ids, body size and connection timeouts. */
import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import {
  type FastifyReply,
  type FastifyRequest,
  type FastifyHttpOptions,
  LogController,
} from 'fastify';
import type { Config } from '../config';

const REQUEST_ID = /^[a-zA-Z0-9-]{8,64}$/;

/**
 * One log line per request, written when it is answered: its id, method, path, address, status
 * and time. Fastify writes two (one on arrival), each a write to standard output: a few percent
 * of the CPU under load. Errors are logged as Fastify logs them.
 */
class OneLineRequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}

export function serverOptions(
  config: Config,
  logStream?: { write(line: string): void },
): FastifyHttpOptions<Server> {
  return {
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            ...(logStream ? { stream: logStream } : {}),
          },
    logController: new OneLineRequestLog(),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    // A bound for a plugin that hangs while the server starts, not a speed check: a copy started on
    // a busy machine (a restart while the other copies carry the traffic) must not give up because
    // a plugin took longer than Fastify's default 10 s; one did under load.
    pluginTimeout: 60_000,
    // JSON bodies of this API are small; routes that take more say so (docs/limits.md).
    bodyLimit: 64 * 1024,
    // Slow clients cannot hold a connection: the whole request within requestTimeout, headers
    // within headersTimeout, idle keep-alive closed after a few seconds.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      // How often Node checks those timeouts (its default, 30 s, would let a slow client linger).
      connectionsCheckingInterval: Math.min(5_000, Math.ceil(config.http.headersTimeoutMs / 2)),
    },
    forceCloseConnections: 'idle',
    routerOptions: { ignoreTrailingSlash: true },
  };
}
