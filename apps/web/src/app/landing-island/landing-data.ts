import type { PlatformStats, PublicConfig, PublicSettings } from '@sorteio/shared';
import type { LandingRoom } from '@/features/landing/components/open-rooms-view';

/**
 * What the light landing page reads; the app's query cache starts from it. The session is not
 * among them: the server sends this page only to visitors without a session cookie (the cookie is
 * httpOnly, so only the server can tell), and the app's own page to the others.
 */
export interface LandingData {
  settings: PublicSettings;
  config: PublicConfig;
  stats: PlatformStats;
  rooms: LandingRoom[];
}

export type LandingRequests = { [K in keyof LandingData]: Promise<LandingData[K]> };

interface Shape {
  [field: string]: 'string' | 'number' | 'boolean' | Shape;
}

/** Whether `value` has every field of `shape` with that type (extra fields are allowed). */
export function hasShape(value: unknown, shape: Shape): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(shape).every(([key, type]) =>
    typeof type === 'string' ? typeof record[key] === type : hasShape(record[key], type),
  );
}

// The fields the app's zod contracts (packages/shared) require, checked without zod: zod and the
// shared barrel cost more to evaluate than the whole light page.
const settingsShape: Shape = {
  siteName: 'string',
  siteDescription: 'string',
  maintenanceMode: 'boolean',
  pixEnabled: 'boolean',
  cardEnabled: 'boolean',
  boletoEnabled: 'boolean',
  passwordMinLength: 'number',
};
const configShape: Shape = {
  pixProvider: 'string',
  mailOutbox: 'boolean',
  supportEmail: 'string',
  supportWhatsapp: 'string',
  operator: { name: 'string', cnpj: 'string', address: 'string' },
  version: 'string',
};
const statsShape: Shape = {
  users: 'number',
  openRooms: 'number',
  draws: 'number',
  prizesPaidCentavos: 'number',
};

const roomShape: Shape = {
  id: 'string',
  tipoSala: 'string',
  participantesAtual: 'number',
  maxParticipantes: 'number',
  valorEntrada: 'number',
  premioLiquido: 'number',
};

async function read<T>(path: string, shape: Shape, signal?: AbortSignal, list = false): Promise<T> {
  const response = await fetch(path, { headers: { accept: 'application/json' }, signal });
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  const body: unknown = await response.json();
  const valid = list
    ? Array.isArray(body) && body.every((item) => hasShape(item, shape))
    : hasShape(body, shape);
  if (!valid) throw new Error(`${path}: unexpected answer`);
  return body as T;
}

/** Starts the public reads at once (landing-main.tsx does, before React hydrates). */
export function loadLandingData(signal?: AbortSignal): LandingRequests {
  const requests: LandingRequests = {
    settings: read('/api/public/settings', settingsShape, signal),
    config: read('/api/public/config', configShape, signal),
    stats: read('/api/public/stats', statsShape, signal),
    rooms: read('/api/public/rooms', roomShape, signal, true),
  };
  // Each is handled where it is used; none may surface as an unhandled rejection meanwhile.
  for (const request of Object.values(requests)) request.catch(() => {});
  return requests;
}
