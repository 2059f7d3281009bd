/**
 * One error handler (STYLE.md "Errors"): validation -> 400 with the issues, AppError -> its status,
 * a shared part down -> 503, anything else -> 500 with the full context in the log. And the 404
 * handler: the web app's page outside the API.
 */
import type { ApiErrorBody } from '@sorteio/shared';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isApiPath } from '../lib/api-path';
import { AppError, outageOf } from '../lib/errors';
import type { App } from '../lib/fastify';
import type { SystemState } from '../modules/system/system.routes';
import type { SpaPages } from './static';

/** Set before any route: routes capture the error handler when registered. */
export function registerErrorHandler(app: App, state: SystemState) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const send = (status: number, body: ApiErrorBody['error']) =>
      reply
        .status(status)
        .send({ error: { ...body, requestId: request.id } } satisfies ApiErrorBody);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replace(/\//g, '.'),
        message: v.message ?? 'Valor inválido.',
      }));
      return send(400, {
        code: 'VALIDATION_ERROR',
        message: issues[0]?.message ?? 'Dados inválidos. Verifique as informações informadas.',
        issues,
      });
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined)
        void reply.header('retry-after', String(error.retryAfterSeconds));
      if (error.status >= 500 && error.reason !== 'CONTENTION')
        request.log.error({ err: error }, error.message);
      if (error.reason === 'CONTENTION') request.log.warn({ err: error }, error.message);
      return send(error.status, {
        code: error.code,
        message: error.message,
        ...(error.reason ? { reason: error.reason } : {}),
      });
    }
    // A malformed multipart body (no or wrong boundary, truncated, broken part headers) is the
    // sender's mistake: the parser (busboy) reports it with these messages.
    if (
      request.isMultipart() &&
      /^(Multipart: |Unexpected end of (form|multipart data)|Malformed part header)/.test(
        error.message,
      )
    ) {
      return send(400, {
        code: 'VALIDATION_ERROR',
        message: 'Não foi possível ler os arquivos enviados. Envie o formulário novamente.',
      });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) return send(429, { code: 'RATE_LIMITED', message: error.message });
    if (status === 413)
      return send(413, { code: 'PAYLOAD_TOO_LARGE', message: 'Conteúdo grande demais.' });
    if (status === 415)
      return send(415, { code: 'UNSUPPORTED_MEDIA', message: 'Tipo de conteúdo não suportado.' });
    if (status >= 400 && status < 500) {
      return send(status, { code: 'BAD_REQUEST', message: 'Requisição inválida.' });
    }
    // A shared part down (the database restarting, the upload disk full): nothing was done, the
    // caller may retry; /api/ready names the part while it lasts (modules/system/system.routes.ts).
    const outage = outageOf(error);
    if (outage) {
      state.outages[outage] = Date.now();
      request.log.warn({ err: error, outage }, 'shared part unavailable');
      void reply.header('retry-after', outage === 'storage' ? '60' : '5');
      return send(503, {
        code: 'SERVICE_UNAVAILABLE',
        message:
          outage === 'storage'
            ? 'Não foi possível guardar o arquivo agora. Tente novamente mais tarde.'
            : 'O serviço está temporariamente indisponível. Tente novamente em alguns segundos.',
        reason: outage === 'storage' ? 'STORAGE_UNAVAILABLE' : 'DATABASE_UNAVAILABLE',
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'INTERNAL', message: 'Erro interno. Tente novamente mais tarde.' });
  });
}

export function registerNotFoundHandler(app: App, pages: SpaPages | null) {
  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (!isApiPath(url) && pages && (request.method === 'GET' || request.method === 'HEAD')) {
      return pages.send(request, reply);
    }
    return reply.status(404).send({
      error: { code: 'NOT_FOUND', message: 'Rota não encontrada.', requestId: request.id },
    } satisfies ApiErrorBody);
  });
}
