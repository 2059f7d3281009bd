import { describe, expect, it } from 'vitest';
import { maskPixKey } from './mask-pix-key';

describe('maskPixKey', () => {
  it.each([
    ['ana.souza@gmail.com', 'email', 'ana***@gmail.com'],
    ['ab@x.com', 'email', 'a***@x.com'],
    ['12345678909', 'cpf', '***.456.789-**'],
    ['123.456.789-09', 'cpf', '***.456.789-**'],
    ['+5511987654321', 'telefone', '(11) *****-4321'],
    ['+551133334444', 'telefone', '(11) ****-4444'],
    ['123e4567-e89b-12d3-a456-426614174000', 'aleatoria', '123e***4000'],
    ['chave-antiga', null, 'chav***tiga'],
  ] as const)('masks %s (%s) as %s', (key, type, masked) => {
    expect(maskPixKey(key, type)).toBe(masked);
  });
});
