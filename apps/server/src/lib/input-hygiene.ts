/**
 * Input hygiene in one place, before any handler or the auth library sees a request:
 * - JSON bodies nested deeper than MAX_JSON_DEPTH are refused before they are parsed (re-serializing
 *   or walking them would exhaust the stack);
 * - no string anywhere (path parameters, query, JSON keys and values, the raw URL) may carry a NUL,
 *   another control character or a lone UTF-16 surrogate: PostgreSQL refuses NUL bytes and
 *   unpaired surrogates, and no field of this product has a use for them. Line breaks and tabs are
 *   allowed inside body values (chat, support messages), never in keys, parameters or the query.
 * Every refusal is a 400 with a clear Portuguese message and changes nothing.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

export const MAX_JSON_DEPTH = 32;

export const hygieneMessages = {
  depth: 'Os dados enviados têm níveis demais de aninhamento.',
  characters: 'Os dados enviados contêm caracteres inválidos.',
} as const;

const LONE_SURROGATE =
  '[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]';
/** Body values: control characters other than tab, line feed and carriage return. */
const BAD_IN_VALUE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]|${LONE_SURROGATE}`,
);
/** Keys, parameters, query: no control character at all. */
const BAD_STRICT = new RegExp(`[\\u0000-\\u001F\\u007F]|${LONE_SURROGATE}`);
/** Percent-encoded control characters in the raw URL (%00-%1F, %7F). */
const BAD_ENCODED = /%(?:[01][0-9a-f]|7f)/i;

/** True when the JSON text opens more than `max` nested objects or arrays (strings are skipped). */
export function jsonDepthExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (escaped) escaped = false;
      else if (c === 0x5c) escaped = true;
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** The path of the first string that breaks the rules, or null. */
export function findInvalidText(value: unknown, strictValues: boolean, path = ''): string | null {
  if (typeof value === 'string') {
    return (strictValues ? BAD_STRICT : BAD_IN_VALUE).test(value) ? path || '(valor)' : null;
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findInvalidText(value[i], strictValues, `${path}[${i}]`);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key;
      if (BAD_STRICT.test(key)) return at;
      const found = findInvalidText(inner, strictValues, at);
      if (found) return found;
    }
  }
  return null;
}

function refuse(path: string): never {
  throw new AppError('VALIDATION_ERROR', {
    message: hygieneMessages.characters,
    reason: 'INVALID_CHARACTERS',
    cause: path,
  });
}

/** onRequest: the raw URL (before routing and parsing). */
export function checkRawUrl(request: FastifyRequest): void {
  if (BAD_ENCODED.test(request.raw.url ?? '')) refuse('url');
}

/** preValidation: parameters, query and the parsed body. */
export function checkParsedInput(request: FastifyRequest): void {
  const where =
    findInvalidText(request.params, true, 'params') ??
    findInvalidText(request.query, true, 'query') ??
    findInvalidText(request.body, false, '');
  if (where !== null) refuse(where);
}
