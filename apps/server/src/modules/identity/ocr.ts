/**
 * Reads the text of a document photo. Two engines (OCR_ENGINE):
 * - `npm` (default): tesseract.js, Tesseract compiled to WebAssembly, with the Portuguese data of
 *   `@tesseract.js-data/por`; both come from the npm registry with `npm install`, and every path
 *   (worker script, core, language data) points into node_modules, so nothing is fetched at run
 *   time. One worker thread, started on first use and reused, stopped when idle; documents wait in
 *   a bounded queue and each read has a time limit.
 * - `tesseract`: the Tesseract command line (Debian: tesseract-ocr and tesseract-ocr-por),
 *   TESSERACT_PATH naming the binary.
 * Without an engine (`off`, or the binary missing) the document-data check is reported as not
 * done, never as passed.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { isValidCpf, onlyDigits } from '@sorteio/shared';
import type { Config } from '../../config';
import { sharp } from '../../lib/sharp';
import type { Worker } from 'tesseract.js';

export interface OcrEngine {
  name: string;
  read(image: Buffer): Promise<string>;
  close?(): Promise<void>;
}

export interface DocumentFields {
  /** Every valid CPF found (11 digits, check digits right). */
  cpfs: string[];
  /** Every plausible date found, as YYYY-MM-DD. */
  dates: string[];
}

/** Grey, upscaled to a width Tesseract reads well, as PNG (both engines read the same pixels). */
function prepare(image: Buffer): Promise<Buffer> {
  return sharp(image)
    .greyscale()
    .resize({ width: 1800, withoutEnlargement: false })
    .normalise()
    .png()
    .toBuffer();
}

/** The environment a command line runs with (the server's, from the configuration). */
type ProcessEnv = Record<string, string | undefined>;

function run(
  bin: string,
  args: string[],
  timeoutMs: number,
  options: { input?: Buffer; env?: ProcessEnv | undefined } = {},
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      bin,
      args,
      {
        timeout: timeoutMs,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
        // One thread: the server shares its cores with requests.
        ...(options.env ? { env: { ...options.env, OMP_THREAD_LIMIT: '1' } } : {}),
      },
      (error, stdout) => (error ? reject(new Error(error.message)) : resolve(stdout)),
    );
    if (options.input) child.stdin?.end(options.input);
  });
}

/** The Tesseract command line with Portuguese, or null when it is not installed. */
export async function findTesseract(
  bin = 'tesseract',
  timeoutMs = 60_000,
  env?: ProcessEnv,
): Promise<OcrEngine | null> {
  let langs: string;
  try {
    langs = await run(bin, ['--list-langs'], 10_000, { env });
  } catch {
    return null;
  }
  if (!langs.split(/\s+/).includes('por')) return null;
  const version = (await run(bin, ['--version'], 10_000, { env }).catch(() => ''))
    .split('\n')[0]
    ?.trim();
  return {
    name: version || 'tesseract',
    async read(image) {
      return run(bin, ['stdin', 'stdout', '-l', 'por', '--psm', '6'], timeoutMs, {
        input: await prepare(image),
        env,
      });
    },
  };
}

/** Where the npm packages of the `npm` engine live (resolved from this module, never a CDN). */
export function tesseractJsPaths() {
  const require = createRequire(import.meta.url);
  const tesseractDir = path.dirname(require.resolve('tesseract.js/package.json'));
  const coreDir = path.dirname(
    require.resolve('tesseract.js-core/package.json', { paths: [tesseractDir] }),
  );
  const por = require('@tesseract.js-data/por') as { langPath: string; gzip: boolean };
  return {
    workerPath: path.join(tesseractDir, 'src', 'worker-script', 'node', 'index.js'),
    corePath: coreDir,
    langPath: por.langPath,
    gzip: por.gzip,
  };
}

export class OcrBusyError extends Error {
  constructor() {
    super('OCR queue full');
    this.name = 'OcrBusyError';
  }
}

/** An idle tesseract.js worker (and its ~100 MB) is stopped after this long. */
export const NPM_OCR_IDLE_MS = 60_000;

/**
 * tesseract.js in one reused worker thread. Reads run one at a time in arrival order; at most
 * `queueMax` wait (more are refused with OcrBusyError) and a read longer than `timeoutMs` ends the
 * worker (the next read starts a fresh one) and fails.
 */
export function createNpmOcr({
  timeoutMs = 60_000,
  queueMax = 20,
  idleMs = NPM_OCR_IDLE_MS,
}: { timeoutMs?: number; queueMax?: number; idleMs?: number } = {}): OcrEngine {
  let worker: Promise<Worker> | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let chain: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  const paths = tesseractJsPaths();

  const start = async (): Promise<Worker> => {
    const { createWorker, OEM, PSM } = await import('tesseract.js');
    const w = await createWorker('por', OEM.LSTM_ONLY, {
      workerPath: paths.workerPath,
      corePath: paths.corePath,
      langPath: paths.langPath,
      gzip: paths.gzip,
      // Never write por.traineddata into the working folder: the data is read from node_modules.
      cacheMethod: 'none',
    });
    await w.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK });
    return w;
  };
  const stop = async () => {
    const w = worker;
    worker = null;
    if (w) await (await w.catch(() => null))?.terminate().catch(() => {});
  };
  const stopWhenIdle = () => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      idleTimer = null;
      if (waiting === 0) void stop();
    }, idleMs);
    idleTimer.unref();
  };
  const readOne = async (image: Buffer): Promise<string> => {
    const png = await prepare(image);
    worker ??= start();
    const current = worker;
    let timer: NodeJS.Timeout | undefined;
    try {
      const result = await Promise.race([
        current.then((w) => w.recognize(png)),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`OCR took more than ${timeoutMs} ms`)),
            timeoutMs,
          );
        }),
      ]);
      return result.data.text;
    } catch (error) {
      // A stuck or broken worker is replaced on the next read.
      if (worker === current) await stop();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    name: 'tesseract.js 7 (npm, por)',
    read(image) {
      if (waiting >= queueMax) return Promise.reject(new OcrBusyError());
      waiting += 1;
      const job = chain.then(() => readOne(image));
      chain = job
        .catch(() => {})
        .finally(() => {
          waiting -= 1;
          stopWhenIdle();
        });
      return job;
    },
    async close() {
      if (idleTimer) clearTimeout(idleTimer);
      await chain;
      await stop();
    },
  };
}

/** The engine the configuration chooses; null when OCR is off or the binary is missing. */
export async function createOcrEngine(ocr: Config['ocr']): Promise<OcrEngine | null> {
  if (ocr.engine === 'off') return null;
  if (ocr.engine === 'tesseract')
    return findTesseract(ocr.tesseractPath, ocr.timeoutMs, ocr.processEnv);
  return createNpmOcr({ timeoutMs: ocr.timeoutMs, queueMax: ocr.queueMax });
}

/** CPFs and dates in OCR text, tolerant of the usual OCR confusions (O/0, l/1, spaces). */
export function extractDocumentFields(text: string): DocumentFields {
  const cleaned = text.replace(/(?<=\d)[Oo](?=\d|\b)/g, '0').replace(/(?<=\d)[lI|](?=\d)/g, '1');
  const cpfs = new Set<string>();
  for (const m of cleaned.matchAll(/\d{3}\s?[.,]?\s?\d{3}\s?[.,]?\s?\d{3}\s?[-–.]?\s?\d{2}/g)) {
    const digits = onlyDigits(m[0]);
    if (digits.length === 11 && isValidCpf(digits)) cpfs.add(digits);
  }
  const dates = new Set<string>();
  for (const m of cleaned.matchAll(/\b(\d{2})\s?[/.-]\s?(\d{2})\s?[/.-]\s?(\d{4})\b/g)) {
    const [, d, mo, y] = m;
    const day = Number(d);
    const month = Number(mo);
    const year = Number(y);
    if (day >= 1 && day <= 31 && month >= 1 && month <= 12 && year >= 1900 && year <= 2100)
      dates.add(`${y}-${mo}-${d}`);
  }
  return { cpfs: [...cpfs], dates: [...dates] };
}
