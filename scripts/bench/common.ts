/** Helpers the benchmark scripts share: ports, build freshness, server logs, the machine. */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** `preset` (a port from the environment) when given, else a free port on 127.0.0.1. */
export async function freePort(preset?: string): Promise<number> {
  if (preset) return Number(preset);
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** The newest modification time of any file under `dir` (0 when it does not exist). */
export function newest(dir: string): number {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

export const mtime = (file: string) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** The last `lines` lines of a log file, for an error message. */
export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/** The machine a figure was measured on. */
export function machine(): string {
  const cpus = os.cpus();
  return `${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}`;
}
