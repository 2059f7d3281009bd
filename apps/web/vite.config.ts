import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { ChunkingContext } from 'rolldown';
import { build, defineConfig, type Plugin, type Rollup } from 'vite';
import { appReads, routeReads } from './src/app/route-reads';

const apiTarget = 'http://localhost:3000';
const webRoot = fileURLToPath(new URL('.', import.meta.url));
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };
/** The footer's year in the prerendered HTML: the client hydrates from the same value. */
const define = { __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()) };

/**
 * Renders the landing page (src/prerender.tsx) with react-dom/server and writes the markup into
 * the built landing.html's #root, which the server sends for `/`: its content is on screen before
 * any script runs, and landing-main.tsx hydrates it. A server-side build of that one entry is made
 * into a temporary folder beside node_modules (so its imports resolve), run once, and removed.
 */
async function prerenderLanding(outDir: string): Promise<void> {
  const file = path.join(outDir, 'landing.html');
  const tmp = path.join(webRoot, 'node_modules', '.prerender');
  try {
    await build({
      configFile: false,
      root: webRoot,
      logLevel: 'warn',
      plugins: [react()],
      resolve: { alias },
      define,
      // The workspace package is TypeScript source: bundle it; npm packages load from node_modules.
      ssr: { noExternal: ['@sorteio/shared'] },
      build: {
        ssr: 'src/prerender.tsx',
        outDir: tmp,
        emptyOutDir: true,
        copyPublicDir: false,
        rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
      },
    });
    const entry = pathToFileURL(path.join(tmp, 'prerender.mjs')).href;
    const { renderLanding } = (await import(entry)) as { renderLanding: () => string };
    const html = readFileSync(file, 'utf8');
    const empty = '<div id="root"></div>';
    if (!html.includes(empty)) throw new Error(`${file} has no empty ${empty}`);
    writeFileSync(file, html.replace(empty, `<div id="root">${renderLanding()}</div>`));
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * Pages the server sends for one path (`routes/<name>.html` for `/<name>`): index.html plus a
 * `<link rel="modulepreload">` for each chunk the path's screen needs and the shell does not
 * already name, and a `<link rel="preload" as="fetch">` for each API answer the screen shows
 * (`src/app/route-reads.ts`: the session, the frame's settings and config, the screen's own).
 * Without them the browser learns of those chunks only after the entry has run and the router has
 * matched, and asks for the answers only once the screen is drawn. Keys are paths, values the
 * source modules whose chunks (with their static imports) the page needs. The user menu is left
 * to load when the navigation bar asks for it: on a slow connection it would share the bandwidth
 * with the screen's own code.
 */
const routePreloads: Record<string, string[]> = {
  dashboard: ['src/app/routes/player/dashboard.tsx'],
};

/**
 * A preload of an API answer. The app's `fetch` of the same URL (credentials included, no body)
 * takes this answer instead of asking again; the app draws the screen once they are in
 * (`src/app/first-reads.ts`).
 */
const fetchPreload = (href: string) =>
  `    <link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">\n`;

/** The chunk files `sources` need, each chunk with everything it imports statically. */
function chunksFor(bundle: Rollup.OutputBundle, sources: string[]): string[] {
  const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const imported of byFile.get(file)?.imports ?? []) visit(imported);
  };
  for (const source of sources) {
    const id = path.join(webRoot, source);
    const chunk =
      chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
    if (!chunk) throw new Error(`route preloads: no chunk for ${source}`);
    visit(chunk.fileName);
  }
  return [...files];
}

/** Writes `routes/<name>.html` for each of `routePreloads` (above) from the built index.html. */
function writeRoutePages(outDir: string, chunks: Record<string, string[]>): string[] {
  const index = readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const dir = path.join(outDir, 'routes');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  const written: string[] = [];
  for (const [name, files] of Object.entries(chunks)) {
    const links = files
      .map((file) => `/${file}`)
      .filter((href) => !index.includes(`"${href}"`))
      .map((href) => `    <link rel="modulepreload" crossorigin href="${href}">\n`)
      .join('');
    const head = /\n\s*<\/head>/;
    if (!head.test(index)) throw new Error('index.html has no </head>');
    const reads = [...appReads, ...(routeReads[name] ?? [])].map(fetchPreload).join('');
    const file = path.join(dir, `${name}.html`);
    writeFileSync(file, index.replace(head, `\n${links}${reads}  </head>`));
    written.push(file);
  }
  return written;
}

/**
 * Module graphs of the first pages, by chunk name: what the light landing page, the app's entry,
 * each route page of `routePreloads` and the user menu (every signed-in page) import statically.
 * A module goes to the first of these graphs that holds it, so the landing page loads only its
 * own and a screen shares the chunks of the pages before it; packages' modules go with the first
 * chunk whose code uses them. Other modules are split as usual.
 */
const firstPageEntries: [chunk: string, sources: string[]][] = [
  ['frame', ['src/landing-main.tsx']],
  ['app', ['src/main.tsx']],
  ...Object.entries(routePreloads).map(([name, sources]): [string, string[]] => [
    `${name}-page`,
    sources,
  ]),
  ['signed-in', ['src/app/layouts/user-menu.tsx']],
];

let firstPageGraphs: Map<string, string> | null = null;

/** The chunk name of `id` among the first pages' graphs (above), or null. */
function firstPageChunk(id: string, ctx: ChunkingContext): string | null {
  if (!firstPageGraphs) {
    const graphs = new Map<string, string>();
    const seen = new Set<string>();
    const entryModules = new Set(
      ['src/landing-main.tsx', 'src/main.tsx'].map((source) => path.join(webRoot, source)),
    );
    for (const [chunk, sources] of firstPageEntries) {
      const queue = sources.map((source) => path.join(webRoot, source));
      while (queue.length > 0) {
        const next = queue.pop()!;
        if (seen.has(next)) continue;
        seen.add(next);
        // Own code only: a package's modules follow the modules that use them (a package's
        // index names every module of the package, used or not).
        if (next.includes(`${path.sep}node_modules${path.sep}`)) continue;
        const info = ctx.getModuleInfo(next);
        if (!info) continue;
        queue.push(...info.importedIds);
        // An HTML page's entry module keeps its own chunk (the page's one module script).
        if (!entryModules.has(next)) graphs.set(next, chunk);
      }
    }
    firstPageGraphs = graphs;
  }
  // Vite's modulepreload polyfill and preload helper: every page runs them.
  if (/^\0vite\/(modulepreload-polyfill|preload-helper)/.test(id)) return 'frame';
  return firstPageGraphs.get(id) ?? null;
}

/** Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside `file`. */
function compressFile(file: string): void {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  if (br.length < data.length) writeFileSync(`${file}.br`, br);
  if (gz.length < data.length) writeFileSync(`${file}.gz`, gz);
}

/**
 * Prerenders the landing page and writes the route pages (above), then writes `<file>.br` and
 * `<file>.gz` beside every compressible hashed asset and beside the HTML pages, once at build
 * time; the server sends them to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  let routeChunks: Record<string, string[]> = {};
  return {
    name: 'sorteio-precompress',
    apply: 'build',
    buildStart() {
      firstPageGraphs = null;
    },
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      routeChunks = Object.fromEntries(
        Object.entries(routePreloads).map(([name, sources]) => [name, chunksFor(bundle, sources)]),
      );
    },
    async closeBundle() {
      await prerenderLanding(outDir);
      const routePages = writeRoutePages(outDir, routeChunks);
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt|html|wasm)$/.test(name)) continue;
        const file = path.join(assets, name);
        if (statSync(file).size < 1024) continue;
        compressFile(file);
      }
      for (const page of ['index.html', 'landing.html']) compressFile(path.join(outDir, page));
      for (const page of routePages) compressFile(page);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  resolve: { alias },
  define,
  server: {
    proxy: {
      // ws:true so the live-update WebSocket under /api reaches the server in development.
      '/api': { target: apiTarget, changeOrigin: false, ws: true },
      '/metrics': { target: apiTarget, changeOrigin: false, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      // index.html (empty #root, the app) for every page; landing.html (prerendered) for `/`.
      input: {
        index: path.join(webRoot, 'index.html'),
        landing: path.join(webRoot, 'landing.html'),
      },
      output: {
        codeSplitting: {
          // Long-lived vendor chunks: they change far less often than the app code, so returning
          // visitors keep them cached across deploys.
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
              priority: 3,
            },
            // Apart from React: the prerendered landing page hydrates without the router.
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 2 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
            // The rest of what a first page needs, in a few chunks instead of dozens of small
            // shared ones (each is a request, and a round trip on a slow connection).
            ...firstPageEntries.map(([chunk], i) => ({
              name: (id: string, ctx: ChunkingContext) =>
                firstPageChunk(id, ctx) === chunk ? chunk : null,
              debugName: chunk,
              priority: 1 - i / 100,
            })),
          ],
        },
      },
    },
  },
});
