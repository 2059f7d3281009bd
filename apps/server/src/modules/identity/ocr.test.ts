import { describe, expect, it } from 'vitest';
import { identityCard, photosAvailable } from '../../test/identity-photos';
import { extractDocumentFields, findTesseract } from './ocr';

const engine = await findTesseract();

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

// prettier-ignore
describe.skipIf(!engine || !photosAvailable())('Tesseract on a generated identity card', () => { // Skipped only without tesseract-ocr-por or the test photographs (.ci/run installs both).
  it('reads the CPF and the birth date printed on the card', async () => {
    const card = await identityCard({ cpf: '529.982.247-25', nascimento: '10/05/1990' });
    const started = performance.now();
    const text = await engine!.read(card);
    console.log(
      `OCR (${engine!.name}, ${Math.round(performance.now() - started)} ms) read:\n${text}`,
    );
    expect(extractDocumentFields(text)).toEqual({
      cpfs: ['52998224725'],
      dates: ['1990-05-10'],
    });
  });
});
