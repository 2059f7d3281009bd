/**
 * Real server processes for the tests of several copies (copies.test.ts, jobs-failover.test.ts):
 * the source started as `npm start` starts the build, each on its own port, ready when its
 * /api/ready answers 200.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../../..');
const mainTs = path.join(root, 'apps/server/src/main.ts');

export interface Copy {
  name: string;
  port: number;
  base: string;
  child: ChildProcess;
  output: string[];
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('port')),
      );
    });
  });
}

export async function redisAnswers(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port || 6379), hostname);
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

export async function startCopy(
  name: string,
  env: NodeJS.ProcessEnv,
  port?: number,
): Promise<Copy> {
  const p = port ?? (await freePort());
  const output: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], {
    cwd: root,
    env: { ...env, PORT: String(p), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${p}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => output.push(d.toString()));
  const copy = { name, port: p, base: `http://127.0.0.1:${p}`, child, output };
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} ended:\n${output.join('')}`);
    try {
      const res = await fetch(`${copy.base}/api/ready`);
      if (res.status === 200) return copy;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${name} not ready:\n${output.join('')}`);
    await sleep(250);
  }
}

/** SIGTERM to every copy still running; resolves when all have ended. */
export async function stopCopies(copies: Copy[]): Promise<void> {
  await Promise.all(
    copies.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.child.exitCode !== null || c.child.signalCode !== null) return resolve();
          c.child.once('exit', () => resolve());
          c.child.kill('SIGTERM');
        }),
    ),
  );
}
