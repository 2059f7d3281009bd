/**
 * `npm run bench:landing-size`: how much JavaScript the landing page (`/`) makes the browser
 * download before anything lazy, gzip-compressed as the server sends it.
 *
 * Reads the built web app (apps/web/dist, or the folder given as the first argument): the HTML the
 * server sends for `/` (landing.html when the build prerendered it, index.html otherwise), the
 * module scripts and modulepreload links it names, and every chunk those import statically (the
 * browser must fetch them before the entry runs; dynamic `import()` is lazy and not counted). Each
 * file is gzipped at level 9 here, as the build's precompression does, and the sizes are summed.
 *
 * Prints a small table and exits non-zero when the total is above the budget (LANDING_JS_BUDGET
 * bytes, 100 KB by default), so it can guard the budget in CI.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
const BUDGET = Number(process.env.LANDING_JS_BUDGET ?? 100 * 1024);

export interface LandingSize {
  html: string;
  files: { file: string; raw: number; gzip: number }[];
  totalRaw: number;
  totalGzip: number;
}

/** Chunks a built module imports statically: `import … from "./x.js"` and `import "./x.js"`. */
function staticImports(source: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bfrom\s*|\bimport\s*)["']([^"']+\.js)["']/g;
  for (const match of source.matchAll(pattern)) {
    const start = match.index ?? 0;
    // `import("./x.js")` is dynamic: the character before the quote is "(".
    const before = source.slice(start, start + match[0].length - match[1]!.length - 2).trimEnd();
    if (before.endsWith('(')) continue;
    found.add(match[1]!);
  }
  return [...found];
}

export function measureLandingSize(distDir = path.join(root, 'apps/web/dist')): LandingSize {
  const landing = path.join(distDir, 'landing.html');
  const htmlFile = existsSync(landing) ? landing : path.join(distDir, 'index.html');
  const html = readFileSync(htmlFile, 'utf8');
  const queue: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const text = tag[0];
    const isModuleScript = tag[1] === 'script' && /type=["']module["']/.test(text);
    const isPreload = tag[1] === 'link' && /rel=["']modulepreload["']/.test(text);
    if (!isModuleScript && !isPreload) continue;
    const url = /(?:src|href)=["']([^"']+)["']/.exec(text)?.[1];
    if (url?.startsWith('/')) queue.push(path.join(distDir, url));
  }
  const seen = new Set<string>();
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const spec of staticImports(source)) queue.push(path.resolve(path.dirname(file), spec));
  }
  const files = [...seen].map((file) => {
    const data = readFileSync(file);
    return {
      file: path.relative(distDir, file),
      raw: data.length,
      gzip: gzipSync(data, { level: 9 }).length,
    };
  });
  files.sort((a, b) => b.gzip - a.gzip);
  return {
    html: path.relative(distDir, htmlFile),
    files,
    totalRaw: files.reduce((sum, f) => sum + f.raw, 0),
    totalGzip: files.reduce((sum, f) => sum + f.gzip, 0),
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function main() {
  const distDir = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
  if (!existsSync(path.join(distDir, 'index.html'))) {
    console.error(`No build in ${distDir}: run npm run build first.`);
    process.exit(1);
  }
  const result = measureLandingSize(distDir);
  console.log(`Landing page initial JavaScript (${result.html}, ${distDir})`);
  console.table(result.files.map((f) => ({ file: f.file, raw: kb(f.raw), gzip: kb(f.gzip) })));
  console.table([
    {
      files: result.files.length,
      raw: kb(result.totalRaw),
      gzip: kb(result.totalGzip),
      'gzip bytes': result.totalGzip,
      budget: kb(BUDGET),
      within: result.totalGzip <= BUDGET ? 'yes' : 'NO',
    },
  ]);
  if (result.totalGzip > BUDGET) process.exitCode = 1;
}

if (import.meta.url === `file://${process.argv[1]}`) main();
