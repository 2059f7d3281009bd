/**
 * Outgoing HTTP requests to addresses an operator typed (connection tests, webhooks), with a
 * deadline and the SSRF rule: private, loopback, link-local and other non-public addresses are
 * refused unless the setting "Permitir endereços locais" allows them. The check runs inside the
 * socket's DNS lookup, so the address connected to is the address checked (no DNS rebinding).
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export class PrivateAddressError extends Error {
  constructor(readonly address: string) {
    super(`endereço não público recusado: ${address}`);
    this.name = 'PrivateAddressError';
  }
}

/** True for any address that is not a public unicast one (ipaddr.js ranges). */
export function isPrivateAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return true;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() !== 'unicast';
}

export interface OutboundResponse {
  status: number;
  body: string;
  durationMs: number;
}

export interface OutboundOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  timeoutMs?: number;
  allowPrivate: boolean;
  /** Bytes of the answer kept (the rest is read and dropped). */
  maxBodyBytes?: number;
}

export function outboundRequest(url: string, options: OutboundOptions): Promise<OutboundResponse> {
  const target = new URL(url);
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    return Promise.reject(new Error('a URL deve começar com http:// ou https://'));
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !options.allowPrivate && isPrivateAddress(host))
    return Promise.reject(new PrivateAddressError(host));
  const started = performance.now();
  const timeoutMs = options.timeoutMs ?? 5000;
  const maxBody = options.maxBodyBytes ?? 4096;
  const lookup = (
    hostname: string,
    lookupOptions: object,
    callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void,
  ) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses;
      const refused = options.allowPrivate
        ? undefined
        : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new PrivateAddressError(refused.address), []);
      if ((lookupOptions as { all?: boolean }).all) return callback(null, list);
      const first = list[0]!;
      callback(null, first.address, first.family);
    });
  };
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<OutboundResponse>((resolve, reject) => {
    const req = send(
      target,
      {
        method: options.method ?? 'GET',
        headers: options.headers,
        lookup: lookup,
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          if (size < maxBody) chunks.push(chunk);
          size += chunk.length;
        });
        res.on('error', reject);
        res.on('end', () => {
          clearTimeout(deadline);
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).subarray(0, maxBody).toString('utf8'),
            durationMs: Math.round(performance.now() - started),
          });
        });
      },
    );
    // The whole exchange, not only idle time, must fit in the deadline.
    const deadline = setTimeout(
      () => req.destroy(new Error(`sem resposta em ${timeoutMs} ms`)),
      timeoutMs,
    );
    req.on('timeout', () => req.destroy(new Error(`sem resposta em ${timeoutMs} ms`)));
    req.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    req.end(options.body);
  });
}
