import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL, URL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';

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
 * Prerenders the landing page (above), then writes `<file>.br` and `<file>.gz` beside every
 * compressible hashed asset and beside the two HTML pages, once at build time; the server sends
 * them to clients that accept them.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'sorteio-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      await prerenderLanding(outDir);
      const assets = path.join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg|json|txt|html|wasm)$/.test(name)) continue;
        const file = path.join(assets, name);
        if (statSync(file).size < 1024) continue;
        compressFile(file);
      }
      for (const page of ['index.html', 'landing.html']) compressFile(path.join(outDir, page));
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
          ],
        },
      },
    },
  },
});
