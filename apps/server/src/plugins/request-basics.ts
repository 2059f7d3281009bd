/**
 * What every request goes through before any route: its JSON body parsed (an empty one is no body,
 * a too deep one refused), its id echoed, its URL, parameters and body checked for control
 * characters (lib/input-hygiene.ts), and the connection closed after the answer while the copy is
 * leaving.
 */
import type { SystemState } from '../modules/system/system.routes';
import { AppError } from '../lib/errors';
import type { App } from '../lib/fastify';
import {
  checkParsedInput,
  checkRawUrl,
  hygieneMessages,
  jsonDepthExceeds,
} from '../lib/input-hygiene';

export function registerJsonBody(app: App) {
  // An empty JSON body (a POST action without payload) is "no body", not a parse error.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    // Refused before parsing: walking or re-serializing a deep structure exhausts the stack.
    if (jsonDepthExceeds(text)) {
      done(
        new AppError('VALIDATION_ERROR', {
          message: hygieneMessages.depth,
          reason: 'TOO_DEEP',
        }),
        undefined,
      );
      return;
    }
    void defaultJsonParser(request, text, done);
  });
}

export function registerRequestBasics(app: App, state: SystemState) {
  // A copy that is leaving (SIGTERM, main.ts) closes each connection after its answer, so the
  // load balancer opens its next one to another copy.
  app.addHook('onSend', async (_request, reply) => {
    if (!state.ready && app.server.listening) void reply.header('connection', 'close');
  });
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    checkRawUrl(request);
  });
  // No control characters or lone surrogates in parameters, query or body (lib/input-hygiene.ts).
  app.addHook('preValidation', async (request) => checkParsedInput(request));
}
