import { afterEach, describe, expect, it } from 'vitest';
import { isViewingAsUser, setViewingAsUser } from './view-mode';

describe('view mode', () => {
  afterEach(() => {
    sessionStorage.clear();
  });

  it('keeps the flag in sessionStorage under viewingAsUser', () => {
    expect(isViewingAsUser()).toBe(false);
    setViewingAsUser(true);
    expect(sessionStorage.getItem('viewingAsUser')).toBe('true');
    expect(isViewingAsUser()).toBe(true);
    setViewingAsUser(false);
    expect(sessionStorage.getItem('viewingAsUser')).toBeNull();
    expect(isViewingAsUser()).toBe(false);
  });
});
