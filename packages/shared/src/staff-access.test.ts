import { describe, expect, it } from 'vitest';
import { staffRoles } from './auth';
import {
  HIDDEN_VALUE,
  accountActionList,
  fieldView,
  mayActOn,
  personalFields,
  viewField,
} from './staff-access';

const party = (id: string, role: (typeof staffRoles)[number] | 'user', isOwner = false) => ({
  id,
  role,
  isOwner,
});

describe('viewField', () => {
  it('masks the CPF to its six middle digits and the phone to its area code and last four', () => {
    expect(viewField('attendant', 'cpf', '12345678909')).toBe('***.456.789-**');
    expect(viewField('attendant', 'telefone', '11987654321')).toBe('(11) *****-4321');
    expect(viewField('attendant', 'telefone', '1140001234')).toBe('(11) ****-1234');
    expect(viewField('partner', 'email', 'joana@exemplo.com.br')).toBe('j***@exemplo.com.br');
  });

  it('hides with "•••", keeps an absent value absent, and shows in full to identity reviewers', () => {
    expect(viewField('attendant', 'enderecoCompleto', 'Rua A, 1')).toBe(HIDDEN_VALUE);
    expect(viewField('attendant', 'cpf', null)).toBeNull();
    expect(viewField('attendant', 'cpf', '')).toBe('');
    expect(viewField('support', 'cpf', '12345678909')).toBe('12345678909');
    // A malformed stored value is never shown half-masked.
    expect(viewField('attendant', 'cpf', '123')).toBe(HIDDEN_VALUE);
  });

  it('shows nothing to a player or to nobody', () => {
    for (const field of personalFields) {
      expect(fieldView('user', field)).toBe('hidden');
      expect(fieldView(null, field)).toBe('hidden');
    }
  });
});

describe('mayActOn', () => {
  it('lets nobody change the owner or themselves, and only administrators touch staff', () => {
    const owner = party('o', 'admin', true);
    for (const role of staffRoles)
      for (const action of accountActionList) {
        const actor = party(`a-${role}`, role);
        const onOwner = mayActOn(actor, owner, action);
        if (action === 'view' || action === 'documents')
          expect(onOwner.ok, `${role} ${action} owner`).toBe(role === 'admin');
        else expect(onOwner.ok, `${role} ${action} owner`).toBe(false);
        const onManager = mayActOn(actor, party('m', 'manager'), action);
        if (role !== 'admin') expect(onManager.ok, `${role} ${action} manager`).toBe(false);
      }
    expect(mayActOn(party('s', 'support'), party('s', 'support'), 'review')).toMatchObject({
      ok: false,
      reason: 'SELF',
    });
    expect(mayActOn(party('s', 'support'), party('p', 'user'), 'review').ok).toBe(true);
  });
});
