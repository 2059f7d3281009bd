import { describe, expect, it } from 'vitest';
import { inviteCodeOf, isPrivateRoomPath, safeReturnPath, withReturnPath } from './return-path';

describe('return targets', () => {
  it.each([
    '/private-room-invite/abcDEF123456_-x',
    '/private-room?code=ABCD1234',
    '/private-room/0b4c7e3e-4444-4000-8000-000000000001',
    '/history',
    '/participate?sala_id=1#topo',
  ])('keeps the same-site path %s', (path) => {
    expect(safeReturnPath(path)).toBe(path);
  });

  it.each([
    'https://evil.example/x',
    'http://localhost/dashboard',
    '//evil.example/x',
    '/\\evil.example',
    '\\\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/ /evil',
    'javascript:alert(1)',
    'dashboard',
    '',
    '/login',
    '/login?verified=1',
    '/register?redirect=%2Fhistory',
    `/${'a'.repeat(400)}`,
    null,
    undefined,
    42,
  ])('ignores %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('adds the target to a path, encoded, and leaves the path alone without a valid one', () => {
    expect(withReturnPath('/login', '/private-room?code=ABCD1234')).toBe(
      '/login?redirect=%2Fprivate-room%3Fcode%3DABCD1234',
    );
    expect(withReturnPath('/login?verified=1', '/history')).toBe(
      '/login?verified=1&redirect=%2Fhistory',
    );
    expect(withReturnPath('/login', '//evil.example')).toBe('/login');
    expect(withReturnPath('/login', null)).toBe('/login');
  });

  it('recognises the private-room screens and the invite code', () => {
    expect(isPrivateRoomPath('/private-room-invite/abcDEF123456')).toBe(true);
    expect(isPrivateRoomPath('/private-room?code=ABCD1234')).toBe(true);
    expect(isPrivateRoomPath('/private-room/0b4c')).toBe(true);
    expect(isPrivateRoomPath('/private-rooms')).toBe(false);
    expect(isPrivateRoomPath('/history')).toBe(false);
    expect(inviteCodeOf('/private-room-invite/abcDEF123456_-x')).toBe('abcDEF123456_-x');
    expect(inviteCodeOf('/private-room-invite/abc?x=1')).toBe('abc');
    expect(inviteCodeOf('/private-room?code=ABCD1234')).toBeNull();
  });
});
