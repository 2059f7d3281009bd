/**
 * Reads the text of a document photo with the Tesseract OCR engine and its Portuguese data
 * (Debian: tesseract-ocr and tesseract-ocr-por), when installed; TESSERACT_PATH names another
 * binary. Without it the document-data check is reported as not done, never as passed.
 */
import { execFile } from 'node:child_process';
import { isValidCpf, onlyDigits } from '@sorteio/shared';
import { sharp } from '../../lib/sharp';

export interface OcrEngine {
  name: string;
  read(image: Buffer): Promise<string>;
}

export interface DocumentFields {
  /** Every valid CPF found (11 digits, check digits right). */
  cpfs: string[];
  /** Every plausible date found, as YYYY-MM-DD. */
  dates: string[];
}

function run(bin: string, args: string[], input?: Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      bin,
      args,
      {
        timeout: 30_000,
        maxBuffer: 4 * 1024 * 1024,
        encoding: 'utf8',
        // One thread: the server shares its cores with requests.
        env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      },
      (error, stdout) => (error ? reject(new Error(error.message)) : resolve(stdout)),
    );
    if (input) child.stdin?.end(input);
  });
}

/** The Tesseract engine with Portuguese, or null when it is not installed. */
export async function findTesseract(
  bin = process.env.TESSERACT_PATH ?? 'tesseract',
): Promise<OcrEngine | null> {
  let langs: string;
  try {
    langs = await run(bin, ['--list-langs']);
  } catch {
    return null;
  }
  if (!langs.split(/\s+/).includes('por')) return null;
  const version = (await run(bin, ['--version']).catch(() => '')).split('\n')[0]?.trim();
  return {
    name: version || 'tesseract',
    async read(image) {
      // Grey, upscaled to a width Tesseract reads well, as PNG on standard input.
      const png = await sharp(image)
        .greyscale()
        .resize({ width: 1800, withoutEnlargement: false })
        .normalise()
        .png()
        .toBuffer();
      return run(bin, ['stdin', 'stdout', '-l', 'por', '--psm', '6'], png);
    },
  };
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
