import { beforeEach, describe, expect, it } from 'vitest';
import {
  RETURN_TO_ROOM_KEY,
  forgetRoomToReturn,
  rememberRoomToReturn,
  roomToReturn,
} from './return-to-room';

describe('the room to return to after the verification', () => {
  beforeEach(() => {
    sessionStorage.clear();
  });

  it('keeps a path of this site for the session, until forgotten', () => {
    expect(roomToReturn()).toBeNull();
    rememberRoomToReturn({ path: '/participate?sala_id=abc', name: 'Sala ouro' });
    expect(roomToReturn()).toEqual({ path: '/participate?sala_id=abc', name: 'Sala ouro' });
    forgetRoomToReturn();
    expect(roomToReturn()).toBeNull();
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', '/a b', ''])(
    'never keeps nor follows %j',
    (path) => {
      rememberRoomToReturn({ path, name: 'Sala' });
      expect(roomToReturn()).toBeNull();
      sessionStorage.setItem(RETURN_TO_ROOM_KEY, JSON.stringify({ path, name: 'Sala' }));
      expect(roomToReturn()).toBeNull();
    },
  );

  it('ignores a broken stored value', () => {
    sessionStorage.setItem(RETURN_TO_ROOM_KEY, '{not json');
    expect(roomToReturn()).toBeNull();
  });
});
