import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The first pages (the app's entry, the dashboard and the user menu; the light landing page too)
 * must not reach the shared package's barrel: evaluating it builds every zod schema of the
 * package, the longest task of the signed-in first paint (decision 016, round 3). They import the
 * narrow modules instead (`@sorteio/shared/auth`, `/system`, `/rooms`, ...).
 *
 * This walks the static imports of the sources (dynamic `import()` is lazy and not followed;
 * `import type` is erased by the build) through the `@/` alias, relative paths and
 * `@sorteio/shared` specifiers, into the shared package as well.
 */
const webSrc = import.meta.dirname;
const sharedSrc = path.resolve(webSrc, '../../../packages/shared/src');
const barrel = path.join(sharedSrc, 'index.ts');

const firstPages = [
  'landing-main.tsx',
  'main.tsx',
  'app/routes/player/dashboard.tsx',
  'app/layouts/user-menu.tsx',
];

/** Static value imports and re-exports of a module's source (type-only ones left out). */
function staticSpecifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found: string[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^'";]*?)\s*(?:from\s*)?['"]([^'"]+)['"]/gm;
  for (const match of code.matchAll(statement)) {
    const [, , typeOnly, clause, specifier] = match;
    if (typeOnly || !specifier) continue;
    // `export const x = '...'`, `export function f(...)`: not a module statement.
    if (clause && !/^(\*|\{|[\w$]+\s*(,|$)|\*\s+as\s+[\w$]+$)/.test(clause) && clause !== '')
      continue;
    found.push(specifier);
  }
  return found;
}

function resolveFile(base: string): string | null {
  for (const candidate of [
    base,
    `${base}.ts`,
    `${base}.tsx`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ])
    if (existsSync(candidate) && /\.tsx?$/.test(candidate)) return candidate;
  return null;
}

function resolveSpecifier(specifier: string, from: string): string | null {
  if (specifier === '@sorteio/shared') return barrel;
  if (specifier.startsWith('@sorteio/shared/'))
    return resolveFile(path.join(sharedSrc, specifier.slice('@sorteio/shared/'.length)));
  if (specifier.startsWith('@/')) return resolveFile(path.join(webSrc, specifier.slice(2)));
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  return null; // a package from node_modules, or a virtual module
}

/** Each module reached from `entry`, with the module that imported it first. */
function walk(entry: string): Map<string, string | null> {
  const parents = new Map<string, string | null>([[entry, null]]);
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.shift()!;
    for (const specifier of staticSpecifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(specifier, file);
      if (!target || parents.has(target)) continue;
      parents.set(target, file);
      queue.push(target);
    }
  }
  return parents;
}

function chain(parents: Map<string, string | null>, file: string): string[] {
  const steps: string[] = [];
  for (let at: string | null | undefined = file; at; at = parents.get(at))
    steps.unshift(path.relative(path.resolve(webSrc, '../../..'), at));
  return steps;
}

describe('first pages imports', () => {
  it('reads the import statements a module evaluates', () => {
    const source = [
      "import { a } from '@sorteio/shared/auth';",
      "import type { B } from '@sorteio/shared';",
      "import './index.css';",
      "export { c } from './c';",
      "export * from './d';",
      "export const e = 'f';",
      'import {',
      '  g,',
      '  type H,',
      "} from '@/g';",
      "const lazy = () => import('@/lazy');",
    ].join('\n');
    expect(staticSpecifiers(source)).toEqual([
      '@sorteio/shared/auth',
      './index.css',
      './c',
      './d',
      '@/g',
    ]);
  });

  it.each(firstPages)('%s does not reach the shared barrel', (page) => {
    const entry = path.join(webSrc, page);
    const parents = walk(entry);
    expect(parents.size).toBeGreaterThan(1);
    const reached = parents.has(barrel) ? chain(parents, barrel).join(' → ') : null;
    expect(reached).toBeNull();
  });
});
