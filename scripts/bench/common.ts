/** Helpers the benchmark scripts share: ports, build freshness, server logs, the machine. */
import type { ChildProcess } from 'node:child_process';
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

/**
 * Waits until the server `child` answers /api/ready on `base`; throws with its log's tail when it
 * exits first or is not ready within `timeoutMs`.
 */
export async function waitReady(
  child: ChildProcess,
  base: string,
  logFile: string,
  timeoutMs = 180_000,
): Promise<void> {
  let exited: number | null | undefined;
  child.once('exit', (code) => {
    exited = code;
  });
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (exited !== undefined)
      throw new Error(`server exited (${exited}) at start:\n${tail(logFile)}`);
    if (Date.now() > deadline)
      throw new Error(`server not ready after ${timeoutMs / 1000} s:\n${tail(logFile)}`);
    try {
      const res = await fetch(`${base}/api/ready`);
      await res.arrayBuffer();
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** SIGTERM, then SIGKILL after 15 s; resolves once the process is gone. */
export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await gone;
  clearTimeout(timer);
}

/** Signs in over HTTP; returns the Cookie header for later requests. */
export async function signInOverHttp(base: string, email: string, password: string) {
  const res = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`);
  await res.arrayBuffer();
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}
