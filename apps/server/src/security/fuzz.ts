/**
 * Schema-driven hostile inputs for the security suite: from a route's own JSON schema (the OpenAPI
 * document), values of the wrong type, strings with NUL and control characters, huge and unicode
 * strings, boundary and out-of-range numbers and dates, extra fields, deep nesting. fast-check
 * draws extra random samples from the same schemas with a fixed seed, so a run is reproducible.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

const deep = (levels: number): unknown => {
  let value: unknown = 'fundo';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

/** Strings that broke or could break something below the schema. */
export const hostileStrings: string[] = [
  '\u0000',
  'nome\u0000oculto',
  'linha\u0007sino',
  '\u001b[31mvermelho',
  '\ud800',
  'x'.repeat(100_000),
  '🎉'.repeat(2000),
  '\u202eoãçÁ',
  '',
  ' ',
  "'; drop table profiles; --",
  '../../../../etc/passwd',
  '<script>alert(1)</script>',
  '=HYPERLINK("http://x")',
  '%00',
  '9999-99-99T99:99:99Z',
  '+275760-09-14T00:00:00.000Z',
  '-271821-04-19T00:00:00.000Z',
  '0000-00-00',
  'NaN',
  'Infinity',
  '1e309',
  '__proto__',
];

export const hostileNumbers: unknown[] = [
  1e308,
  -1e308,
  2 ** 53 + 2,
  -(2 ** 53) - 2,
  -1,
  0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
];

export const hostileShapes: unknown[] = [null, true, [], {}, [1, 2], { $gt: '' }, deep(40)];

/** A value that satisfies the schema as far as a simple reading goes (a base to mutate). */
export function validSample(schema: JsonSchema | undefined): unknown {
  if (!schema) return 'a';
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return validSample(alternatives.find((s) => s.type !== 'null') ?? alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, inner] of Object.entries(schema.properties ?? {}))
        out[key] = validSample(inner);
      return out;
    }
    case 'array':
      return [];
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'string':
      if (schema.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (schema.format === 'email') return 'fuzz@teste.com.br';
      if (schema.format === 'date-time') return '2030-01-01T00:00:00.000Z';
      return 'a'.repeat(Math.max(1, schema.minLength ?? 1));
    default:
      return 'a';
  }
}

/**
 * Strings that match the field's own pattern (so they pass the schema) but may still mean nothing:
 * a cursor with an impossible date, a code of the right shape that names no record.
 */
export function patternSamples(schema: JsonSchema | undefined, seed: number, count = 8): string[] {
  if (!schema?.pattern) return [];
  let pattern: RegExp;
  try {
    pattern = new RegExp(schema.pattern);
  } catch {
    return [];
  }
  try {
    return fc.sample(fc.stringMatching(pattern, { size: 'small' }), { seed, numRuns: count });
  } catch {
    // A pattern fast-check cannot generate from (lookarounds): the other hostile values still apply.
    return [];
  }
}

/** Hostile replacements for one field of the given schema. */
export function hostileValues(schema: JsonSchema | undefined, seed = 1): unknown[] {
  const out: unknown[] = [
    ...hostileStrings,
    ...hostileNumbers,
    ...hostileShapes,
    ...patternSamples(schema, seed),
  ];
  if (schema?.maxLength !== undefined) out.push('y'.repeat(schema.maxLength + 1));
  if (schema?.maximum !== undefined) out.push(schema.maximum + 1);
  if (schema?.minimum !== undefined) out.push(schema.minimum - 1);
  return out;
}

/** Random JSON-ish values from fast-check (seeded): strings of every unicode range, numbers, nesting. */
export function randomValues(seed: number, count: number): unknown[] {
  return fc.sample(
    fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: 'grapheme', maxLength: 50 }),
      fc.double(),
      fc.integer(),
      fc.bigInt().map((b) => b.toString()),
      fc
        .date({ noInvalidDate: false })
        .map((d) => (Number.isNaN(d.getTime()) ? 'Invalid Date' : d.toISOString())),
      fc.json().map((j) => JSON.parse(j) as unknown),
    ),
    { seed, numRuns: count },
  );
}

/** Percent-encoded hostile path segments. */
export const hostileSegments: string[] = [
  '%00',
  'a%00b',
  'x'.repeat(3000),
  '%F0%9F%8E%89',
  '..%2F..%2Fetc',
  '-1',
  '99999999999999999999999',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '%C0%AE',
  '%ZZ',
  "'%20or%201=1",
];
