/**
 * Titles and buttons are written in Portuguese sentence case ('Criar sala privada', not 'Criar
 * Sala Privada'). The exceptions are the texts the specification quotes verbatim (they stay as the
 * specification writes them) and proper names. This walks the screens' source, so a new Title
 * Case button fails here instead of landing unnoticed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { NAMES, SPEC_TITLE_TEXTS } from '@/test/spec-title-texts';

const SRC = path.resolve(import.meta.dirname, '..');

/** Elements whose text is a heading or a button label. */
const TEXT_TAGS = new Set([
  'Button',
  'button',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'CardTitle',
  'DialogTitle',
  'AlertDialogTitle',
  'AlertDialogAction',
  'AlertDialogCancel',
  'SheetTitle',
  'AlertTitle',
  'TabsTrigger',
  'SidebarMenuButton',
  'DropdownMenuItem',
  'SubHeading',
  'LegalSubHeading',
  'Label',
  'legend',
  'summary',
  'Badge',
  'th',
  'DialogDescription',
]);

/** Props, object keys and constants that carry a title or a button label. */
const TEXT_KEYS = /^(title|label|heading|actionLabel|confirmLabel|cancelLabel|buttonLabel)$/;
const TEXT_CONSTANTS = /(TITLE|LABEL|HEADING)$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The literal texts an expression can evaluate to ('a' ? 'b' : 'c', `x ${y}`, a || 'b'). */
function literals(node: ts.Node, out: string[] = []): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
  else if (ts.isTemplateExpression(node)) {
    out.push(node.head.text, ...node.templateSpans.map((s) => s.literal.text));
  } else if (ts.isConditionalExpression(node)) {
    literals(node.whenTrue, out);
    literals(node.whenFalse, out);
  } else if (ts.isBinaryExpression(node)) {
    literals(node.left, out);
    literals(node.right, out);
  } else if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node)) {
    literals(node.expression, out);
  }
  return out;
}

function jsxTexts(element: ts.JsxElement, out: string[] = []): string[] {
  for (const child of element.children) {
    if (ts.isJsxText(child)) out.push(child.text);
    else if (ts.isJsxExpression(child) && child.expression) literals(child.expression, out);
    else if (ts.isJsxElement(child)) jsxTexts(child, out);
  }
  return out;
}

const nameOf = (name: ts.Node) =>
  ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : '';

/** The titles and button labels written in one file. */
function titleTexts(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxElement(node) && TEXT_TAGS.has(node.openingElement.tagName.getText()))
      texts.push(...jsxTexts(node));
    else if (ts.isJsxAttribute(node) && TEXT_KEYS.test(nameOf(node.name)) && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) texts.push(init.text);
      else if (ts.isJsxExpression(init) && init.expression) literals(init.expression, texts);
    } else if (ts.isPropertyAssignment(node) && TEXT_KEYS.test(nameOf(node.name)))
      literals(node.initializer, texts);
    else if (
      ts.isVariableDeclaration(node) &&
      TEXT_CONSTANTS.test(nameOf(node.name)) &&
      node.initializer
    )
      literals(node.initializer, texts);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts.map((t) => t.replace(/\s+/g, ' ').trim()).filter(Boolean);
}

/**
 * A text in Title Case: a word that does not start a sentence begins with a capital and goes on in
 * lower case, and is not a proper name. Acronyms (PIX, CPF, 2FA) are not words in this sense.
 */
function isTitleCase(text: string): boolean {
  if (SPEC_TITLE_TEXTS.has(text)) return false;
  let named = text;
  for (const name of NAMES) named = named.replaceAll(name, '');
  let startsSentence = true;
  for (const word of named.split(' ')) {
    const bare = word.replace(/^[^\p{L}\d]+|[^\p{L}\d]+$/gu, '');
    if (!startsSentence && /^\p{Lu}\p{Ll}/u.test(bare) && !bare.includes('_')) return true;
    if (bare || /[.:!?·—]$/.test(word)) startsSentence = /[.:!?·—]$/.test(word);
  }
  return false;
}

describe('titles and buttons in sentence case', () => {
  const files = sourceFiles(SRC);
  const texts = files.map((file) => ({
    file,
    texts: titleTexts(file, readFileSync(file, 'utf8')),
  }));

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(100);
    const loadError = texts.find(({ file }) =>
      file.endsWith(path.join('components', 'load-error.tsx')),
    );
    expect(loadError?.texts).toContain('Tentar Novamente');
  });

  it('writes every title and button in sentence case unless the specification quotes it', () => {
    const found = texts.flatMap(({ file, texts }) =>
      texts.filter(isTitleCase).map((text) => `${path.relative(SRC, file)}: ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('keeps no specification text in the allow-list that the screens no longer use', () => {
    const used = new Set(texts.flatMap((t) => t.texts));
    expect([...SPEC_TITLE_TEXTS].filter((text) => !used.has(text))).toEqual([]);
  });

  it('finds a Title Case button or heading (the check can fail)', () => {
    const code = `
      const SOME_TITLE = 'Minhas Salas Privadas';
      export const A = () => (
        <>
          <Button>Criar Sala Privada</Button>
          <h2>Sorteios {ok ? 'Recentes' : 'recentes'}</h2>
          <Card title="Total de Usuários" />
        </>
      );
      notify({ title: 'Sala Criada com Sucesso' });
    `;
    const texts = titleTexts('x.tsx', code);
    expect(texts.filter(isTitleCase)).toEqual([
      'Minhas Salas Privadas',
      'Criar Sala Privada',
      'Total de Usuários',
      'Sala Criada com Sucesso',
    ]);
    expect(isTitleCase('Sorteios Recentes')).toBe(true);
  });

  it('accepts sentence case, acronyms, proper names, sentences and the specification texts', () => {
    for (const text of [
      'Criar sala privada',
      'Gerar código PIX',
      'Informe seu CPF. Depois salve.',
      'Voltar ao Sorteio Certo',
      'Ativar 2FA',
      'Identificador do cliente (Client_Id)',
      'Tentar Novamente',
      'Criar Conta Grátis',
    ])
      expect(isTitleCase(text), text).toBe(false);
  });
});
