/**
 * A placeholder must never look like a value already filled in: an example is written 'Ex.: 50,00'
 * or 'Ex.: voce@exemplo.com.br', and the placeholder text is drawn in the muted colour. This walks
 * every screen's source (the administrator features included) for placeholder texts.
 */
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

function literals(node: ts.Node, out: string[] = []): string[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) out.push(node.text);
  else if (ts.isTemplateExpression(node)) out.push(node.head.text);
  else if (ts.isConditionalExpression(node)) {
    literals(node.whenTrue, out);
    literals(node.whenFalse, out);
  } else if (ts.isBinaryExpression(node)) {
    literals(node.left, out);
    literals(node.right, out);
  } else if (ts.isParenthesizedExpression(node)) literals(node.expression, out);
  else if (ts.isObjectLiteralExpression(node)) {
    for (const p of node.properties) if (ts.isPropertyAssignment(p)) literals(p.initializer, out);
  }
  return out;
}

/** Placeholder texts: placeholder="...", placeholder={...}, and objects named *Placeholder(s). */
function placeholders(fileName: string, code: string): string[] {
  const source = ts.createSourceFile(
    fileName,
    code,
    ts.ScriptTarget.Latest,
    true,
    ts.ScriptKind.TSX,
  );
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && node.name.getText() === 'placeholder' && node.initializer) {
      const init = node.initializer;
      if (ts.isStringLiteral(init)) found.push(init.text);
      else if (ts.isJsxExpression(init) && init.expression) literals(init.expression, found);
    } else if (
      (ts.isVariableDeclaration(node) || ts.isPropertyAssignment(node)) &&
      /placeholders?$/i.test(node.name.getText()) &&
      node.initializer
    )
      literals(node.initializer, found);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found.filter((text) => text.trim() !== '');
}

/** What a filled-in value looks like: money, a bare number, an e-mail, a phone, a CPF, a key. */
const VALUE_LIKE = [
  /R\$/,
  /^\s*[\d.,\s%-]+\s*$/,
  /[^\s@]+@[^\s@]+\.[^\s@]+/,
  /^https?:\/\//,
  /^\+?\(?\d{2}\)?\s?\d{4,5}-?\d{4}$/,
  /^[A-Za-z0-9_-]{16,}$/,
  /^[0-9a-f]{8}-[0-9a-f]{4}-/i,
];

function looksFilledIn(text: string): boolean {
  if (/^Ex\.: \S/.test(text)) return false;
  return VALUE_LIKE.some((pattern) => pattern.test(text.trim()));
}

describe('placeholders', () => {
  const files = sourceFiles(SRC);
  const found = files.flatMap((file) =>
    placeholders(file, readFileSync(file, 'utf8')).map((text) => ({ file, text })),
  );

  it('scans the administrator screens and the player screens', () => {
    const admin = found.filter(({ file }) =>
      path.relative(SRC, file).startsWith('features/admin-'),
    );
    expect(admin.map((p) => p.text)).toContain('E-mail ou ID');
    expect(found.map((p) => p.text)).toContain('Ex.: 50,00');
    expect(found.map((p) => p.text)).toContain('Ex.: 123e4567-e89b-12d3-a456-426614174000');
  });

  it('never look like a value already filled in (examples start with "Ex.:")', () => {
    const filled = found
      .filter(({ text }) => looksFilledIn(text))
      .map(({ file, text }) => `${path.relative(SRC, file)}: ${text}`);
    expect(filled).toEqual([]);
  });

  it('finds a bare value (the check can fail)', () => {
    const code = `
      const keyPlaceholders = { email: 'contato@empresa.com', cpf: '000.000.000-00' };
      export const F = () => (
        <>
          <Input placeholder="10" />
          <Input placeholder={edit ? 'R$ 5,00' : 'Ex.: 5,00'} />
          <Input placeholder="d3b07384d113edec49eaa6238ad5ff00" />
          <Input placeholder="Buscar por nome ou e-mail" />
        </>
      );
    `;
    const texts = placeholders('admin-x.tsx', code);
    expect(texts.filter(looksFilledIn)).toEqual([
      'contato@empresa.com',
      '000.000.000-00',
      '10',
      'R$ 5,00',
      'd3b07384d113edec49eaa6238ad5ff00',
    ]);
    expect(looksFilledIn('Ex.: contato@empresa.com.br')).toBe(false);
    expect(looksFilledIn('6 dígitos')).toBe(false);
  });

  it('are drawn in the muted colour, apart from the typed text', () => {
    render(
      <>
        <Input aria-label="Valor" placeholder="Ex.: 10" />
        <Textarea aria-label="Mensagem" placeholder="Ex.: Olá" />
      </>,
    );
    for (const box of [screen.getByLabelText('Valor'), screen.getByLabelText('Mensagem')]) {
      const classes = box.className.split(/\s+/);
      expect(classes).toContain('placeholder:text-muted-foreground');
      expect(classes).toContain('text-foreground');
    }
  });
});
