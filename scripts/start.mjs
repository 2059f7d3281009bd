// `npm start`: builds what is missing or out of date, then serves the whole product.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS, serverEnv } from './server-process.mjs';

const root = path.resolve(import.meta.dirname, '..');

function newest(dir) {
  let latest = 0;
  if (!existsSync(dir)) return latest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) latest = Math.max(latest, newest(full));
    else latest = Math.max(latest, statSync(full).mtimeMs);
  }
  return latest;
}

function mtime(file) {
  return existsSync(file) ? statSync(file).mtimeMs : 0;
}

const shared = newest(path.join(root, 'packages/shared/src'));
const webOut = path.join(root, 'apps/web/dist/index.html');
const serverOut = path.join(root, 'apps/server/dist/main.js');
const webStale =
  mtime(webOut) <
  Math.max(
    shared,
    newest(path.join(root, 'apps/web/src')),
    mtime(path.join(root, 'apps/web/index.html')),
  );
const serverStale = mtime(serverOut) < Math.max(shared, newest(path.join(root, 'apps/server/src')));

function run(args) {
  const result = spawnSync('npm', args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
if (webStale) run(['run', 'build', '-w', '@sorteio/web']);
if (serverStale) run(['run', 'build', '-w', '@sorteio/server']);

const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverOut], {
  cwd: root,
  stdio: 'inherit',
  env: serverEnv(process.env),
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
