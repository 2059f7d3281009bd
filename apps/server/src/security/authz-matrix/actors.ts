/** The actors of the authorization matrix, who may use a route, and the records the calls name. */
import { type Role, can, staffRoles } from '@sorteio/shared';
import type { TestUser } from '../../test/helpers';

export type Actor = 'anonymous' | 'player' | 'other' | (typeof staffRoles)[number];
export const actors: Actor[] = ['anonymous', 'player', 'other', ...staffRoles];

/**
 * Who may use a route:
 * - open: anyone, signed in or not (never 401/403);
 * - signed-in: any signed-in account (anonymous 401);
 * - player: players only (anonymous 401; staff 403: staff accounts cannot take part in draws);
 * - own: a record of the first player, named in the URL or body (anonymous 401; the other player
 *   403/404; staff per `staff`);
 * - secret: a capability in the URL (the PIX webhook); without it everyone gets 401/403/404;
 * - socket: the live-update socket (its limits and session handling: realtime tests).
 */
export type Access =
  | { kind: 'open' | 'signed-in' | 'player' | 'secret' | 'socket' }
  | { kind: 'own'; staff: 'refused' | ((role: Role) => boolean) };

export type Call = { url: string; body?: unknown };
export interface RouteSpec {
  access: Access;
  /** When a refusal of the route's own rules shows the caller got past authorization. */
  through?: (res: { json: () => { error?: { message?: string } } }) => boolean;
  call: (actor: Actor, n: number) => Call;
}

/** The records of the first player the calls name; filled by the test's setup. */
export const rec = {} as {
  roomForJoins: string;
  participacaoId: string;
  txid: string;
  privateId: string;
  privateCode: string;
  privateInvite: string;
  privateSeat: string;
  drawnRoom: string;
  ticketId: string;
  exportId: string;
  throwaway: TestUser;
};

export const unique = (actor: Actor, n: number) =>
  `matriz-${actor}-${n}-${Date.now()}@teste.com.br`;
export const staffCanManageRooms = (role: Role) => can(role, 'rooms.manage');

/** Whether `actor` must be let through (true), refused (false), or is not asked here (null). */
export function expectation(access: Access, actor: Actor): boolean | null {
  switch (access.kind) {
    case 'open':
      return true;
    case 'socket':
      return null;
    case 'secret':
      return false;
    case 'signed-in':
      return actor !== 'anonymous';
    case 'player':
      return actor === 'player' || actor === 'other';
    case 'own':
      if (actor === 'player') return true;
      if (actor === 'anonymous' || actor === 'other') return false;
      return access.staff === 'refused' ? false : access.staff(actor);
  }
}
