// `npm run typecheck`: the type checker over each TypeScript project (all four, or the ones named).
//
// It runs TypeScript 7's native compiler (package alias `typescript-native`), about five times less
// CPU than TypeScript 6 for the same answers. TypeScript 6 stays for the lint's typed rules, which
// need its JavaScript API (decision 028). One checker thread a project: `npm test` keeps both cores
// busy with other steps, where more threads only add work.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The package's exports hide its bin; it is installed at the root (workspaces hoist it).
const tsc = path.join(root, 'node_modules/typescript-native/bin/tsc');
const projects = process.argv.slice(2);

for (const project of projects.length
  ? projects
  : ['packages/shared', 'apps/server', 'apps/web', '.']) {
  const { status } = spawnSync(process.execPath, [tsc, '-p', project, '--singleThreaded'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (status !== 0) {
    process.stderr.write(`Erros de tipo em ${project}.\n`);
    process.exit(status ?? 1);
  }
}
