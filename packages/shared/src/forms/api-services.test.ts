import { describe, expect, it } from 'vitest';
import { maintenanceMessages } from '../service-health';
import { startMaintenanceFormSchema } from './api-services';

describe('maintenance form', () => {
  const now = new Date('2026-11-23T12:00:00');
  const schema = startMaintenanceFormSchema(() => now);
  const firstError = (reason: string, endsAt: string) => {
    const parsed = schema.safeParse({ reason, endsAt });
    return parsed.success ? null : parsed.error.issues[0]?.message;
  };

  it('validates the end time like the server', () => {
    expect(firstError('Troca de chave', '')).toBe(maintenanceMessages.endInvalid);
    expect(firstError('Troca de chave', '2026-11-23T11:00')).toBe(maintenanceMessages.endInPast);
    expect(firstError('Troca de chave', '2026-12-10T11:00')).toBe(maintenanceMessages.endTooFar);
    expect(schema.parse({ reason: '  Troca de chave ', endsAt: '2026-11-23T14:00' })).toEqual({
      reason: 'Troca de chave',
      endsAt: new Date('2026-11-23T14:00').toISOString(),
    });
  });

  it('asks for the reason first', () => {
    expect(firstError('abc', '')).toBe(maintenanceMessages.reasonRequired);
  });
});
