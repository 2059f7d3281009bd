/** The staff read a player's security log in words (the same labels the player sees). */
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUserDetail } from '@sorteio/shared';
import { adminUser, mockApi } from '@/test/mock-api';
import { renderWithProviders } from '@/test/render';
import { detailUser } from '../test-data';
import { UserDetailSheet } from './user-detail-sheet';

afterEach(() => vi.unstubAllGlobals());

const log = (id: string, actionType: string) => ({
  id,
  actionType,
  ipAddress: null,
  city: null,
  country: null,
  isSuspicious: false,
  suspiciousReason: null,
  timestamp: '2026-11-02T12:00:00.000Z',
});

const detail: AdminUserDetail = {
  user: detailUser(),
  wallet: { saldo: 0, cashback: 0 },
  attestation: null,
  participations: [],
  securityLogs: [
    log('l-1', 'document_verification_submitted'),
    log('l-2', '2fa_enabled'),
    log('l-3', 'a_code_from_an_older_version'),
  ],
  verification: null,
};

describe('user detail: security log', () => {
  it('shows Portuguese labels, never the internal codes', async () => {
    mockApi({
      'GET /api/me': { body: { user: adminUser } },
      'GET /api/admin/users/u-1': { body: detail },
    });
    renderWithProviders(<UserDetailSheet userId="u-1" onClose={() => {}} />);
    expect(await screen.findByText(/Documento enviado para verificação/)).toBeDefined();
    expect(screen.getByText(/2FA ativado/)).toBeDefined();
    expect(screen.getByText(/Outro evento de segurança/)).toBeDefined();
    expect(document.body.textContent).not.toMatch(/document_verification_submitted|2fa_enabled/);
    expect(document.body.textContent).not.toContain('a_code_from_an_older_version');
  });
});
