/**
 * Lint-like checks of the words players read, over every screen's source: one spelling of
 * 'e-mail', and no emoji in a toast title as shown.
 */
import { render, screen } from '@testing-library/react';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { Toast } from '@/components/ui/toast';
import { toastTitle } from './notifications/toast-title';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every piece of text in a file: string literals, template parts and JSX text. */
function textsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, 'utf8'),
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const texts: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node) ||
      ts.isJsxText(node)
    ) {
      texts.push(node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

/** A sentence players read (has a space) that writes the word without the hyphen. */
const unhyphenated = /(?<![\w.@/-])email(?![\w@-])/i;

describe('words players read', () => {
  const files = sourceFiles(SRC);

  it('scans the screens', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.some((f) => f.endsWith(path.join('wallet', 'components', 'withdraw-card.tsx'))));
  });

  it("always write 'e-mail' (never 'email') in text", () => {
    const found = files.flatMap((file) =>
      textsOf(file)
        .filter((text) => /\s/.test(text.trim()) && unhyphenated.test(text))
        .map((text) => `${path.relative(SRC, file)}: ${text.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it('finds the misspelling when there is one (the check can fail)', () => {
    expect(unhyphenated.test('Verifique seu email para confirmar.')).toBe(true);
    expect(unhyphenated.test('Verifique seu e-mail para confirmar.')).toBe(false);
    expect(unhyphenated.test('Conta: ${user.email}')).toBe(false);
  });

  it('shows toast titles without emoji, even those the specification writes with one', () => {
    expect(toastTitle('✅ PIX gerado!')).toBe('PIX gerado!');
    expect(toastTitle('🎫 Participação Criada!')).toBe('Participação Criada!');
    expect(toastTitle('❌ Erro ao Enviar')).toBe('Erro ao Enviar');
    expect(toastTitle('Saque solicitado')).toBe('Saque solicitado');
    render(
      <Toast
        notification={{
          id: 1,
          type: 'success',
          title: '✅ Entrou na sala!',
          message: 'Nº C1',
          duration: 5000,
        }}
        onDismiss={() => {}}
      />,
    );
    const title = screen.getByText('Entrou na sala!');
    expect(/\p{Extended_Pictographic}/u.test(title.textContent ?? '')).toBe(false);
  });
});
