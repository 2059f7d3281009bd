import { describe, expect, it } from 'vitest';
import { identityCard, photosAvailable } from '../../test/identity-photos';
import {
  OcrBusyError,
  createNpmOcr,
  createOcrEngine,
  extractDocumentFields,
  findTesseract,
  tesseractJsPaths,
} from './ocr';

const debianEngine = await findTesseract();

describe('document fields in OCR text', () => {
  it('finds valid CPFs and dates despite the usual OCR confusions', () => {
    const text = 'NOME: ANA\nCPF: 529.982.247-25  outro 123.456.789-00\nNASCIMENTO: 1O/05/199O\n';
    expect(extractDocumentFields(text)).toEqual({ cpfs: ['52998224725'], dates: ['1990-05-10'] });
    expect(extractDocumentFields('CPF 529 982 247 25 em 31/12/2001')).toEqual({
      cpfs: ['52998224725'],
      dates: ['2001-12-31'],
    });
    expect(extractDocumentFields('sem dados 99/99/9999')).toEqual({ cpfs: [], dates: [] });
  });
});

describe('the OCR engine chosen by the configuration', () => {
  const base = { tesseractPath: 'tesseract', timeoutMs: 60_000, queueMax: 20 };
  it('is tesseract.js by default, off when asked, and null for a missing binary', async () => {
    const npm = await createOcrEngine({ ...base, engine: 'npm' });
    expect(npm?.name).toContain('tesseract.js');
    await npm?.close?.();
    expect(await createOcrEngine({ ...base, engine: 'off' })).toBeNull();
    expect(
      await createOcrEngine({
        ...base,
        engine: 'tesseract',
        tesseractPath: '/nonexistent/tesseract',
      }),
    ).toBeNull();
  });

  it('reads the language data and the worker from node_modules, never from a CDN', () => {
    const paths = tesseractJsPaths();
    for (const p of [paths.workerPath, paths.corePath, paths.langPath]) {
      expect(p).toMatch(/node_modules/);
      expect(p).not.toMatch(/^https?:/);
    }
    expect(paths.langPath).toMatch(/@tesseract\.js-data\/por/);
  });
});

// prettier-ignore
describe.skipIf(!photosAvailable())('tesseract.js (npm) on a generated identity card', () => { // Skipped only without the test photographs (.ci/run installs them).
  it('reads the CPF and the birth date printed on the card, reusing one worker', async () => {
    // The npm engine is forced: this runs the same on a machine without /usr/bin/tesseract.
    const engine = createNpmOcr({ timeoutMs: 120_000 });
    try {
      const card = await identityCard({ cpf: '529.982.247-25', nascimento: '10/05/1990' });
      const other = await identityCard({ cpf: '111.444.777-35', nascimento: '02/11/1985' });
      const started = performance.now();
      const text = await engine.read(card);
      const first = performance.now() - started;
      const again = performance.now();
      const text2 = await engine.read(other);
      console.log(
        `OCR (${engine.name}): first ${Math.round(first)} ms (worker start), next ${Math.round(performance.now() - again)} ms`,
      );
      expect(extractDocumentFields(text)).toEqual({ cpfs: ['52998224725'], dates: ['1990-05-10'] });
      expect(extractDocumentFields(text2)).toEqual({ cpfs: ['11144477735'], dates: ['1985-11-02'] });
    } finally {
      await engine.close?.();
    }
  });

  it('refuses documents beyond the queue bound and fails a read past its time limit', async () => {
    const card = await identityCard({ cpf: '529.982.247-25', nascimento: '10/05/1990' });
    const busy = createNpmOcr({ queueMax: 1, timeoutMs: 120_000 });
    try {
      const first = busy.read(card);
      await expect(busy.read(card)).rejects.toBeInstanceOf(OcrBusyError);
      await first;
    } finally {
      await busy.close?.();
    }
    const slow = createNpmOcr({ timeoutMs: 5 });
    try {
      await expect(slow.read(card)).rejects.toThrow(/more than 5 ms/);
    } finally {
      await slow.close?.();
    }
  });
});

// prettier-ignore
describe.skipIf(!debianEngine || !photosAvailable())('Tesseract command line on a generated identity card', () => { // The optional engine (OCR_ENGINE=tesseract): skipped without tesseract-ocr-por.
  it('reads the CPF and the birth date printed on the card', async () => {
    const card = await identityCard({ cpf: '529.982.247-25', nascimento: '10/05/1990' });
    const started = performance.now();
    const text = await debianEngine!.read(card);
    console.log(`OCR (${debianEngine!.name}): ${Math.round(performance.now() - started)} ms`);
    expect(extractDocumentFields(text)).toEqual({ cpfs: ['52998224725'], dates: ['1990-05-10'] });
  });
});
