// Bundles the server into dist/main.js. npm dependencies stay external (loaded from node_modules);
// the shared workspace package is TypeScript source and is bundled in.
import { cpSync, readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => name !== '@sorteio/shared');

rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });
await build({
  entryPoints: [new URL('./src/main.ts', import.meta.url).pathname],
  outfile: new URL('./dist/main.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  // Stack traces need the mappings, not the sources: `node --enable-source-maps` parses the map
  // when the bundle loads and keeps it for the life of the process, so a copy of every source
  // file inside it held ~8 MB of an idle server (the sources are in the repository).
  sourcesContent: false,
  external: [...external, ...external.map((name) => `${name}/*`)],
  // Some dependencies are CommonJS and call require() at run time.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
// The face worker is plain JavaScript loaded by path (new URL('./face-worker.mjs', import.meta.url)).
cpSync(
  new URL('./src/modules/identity/face-worker.mjs', import.meta.url),
  new URL('./dist/face-worker.mjs', import.meta.url),
);
cpSync(
  new URL('./src/db/migrations', import.meta.url),
  new URL('./dist/migrations', import.meta.url),
  { recursive: true },
);
