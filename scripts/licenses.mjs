// `npm run licenses`: the licence of every production dependency (the packages the server and the
// web app ship with), grouped by licence. Exits non-zero when a licence is missing or one the
// product cannot ship under (network copyleft: AGPL, SSPL).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync('npm', ['query', '.prod'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (result.status !== 0) {
  process.stderr.write(result.stderr);
  process.exit(result.status ?? 1);
}
const packages = JSON.parse(result.stdout);
const seen = new Map();
for (const p of packages) {
  // The project itself and its own workspaces are not dependencies.
  if (!p.name || !p.location || p.name.startsWith('@sorteio/')) continue;
  const raw = p.license ?? p.licenses;
  const license =
    typeof raw === 'string'
      ? raw
      : Array.isArray(raw)
        ? raw.map((l) => (typeof l === 'string' ? l : l.type)).join(' OR ')
        : raw && typeof raw === 'object'
          ? raw.type
          : 'UNKNOWN';
  seen.set(`${p.name}@${p.version}`, license || 'UNKNOWN');
}
const byLicense = new Map();
for (const [pkg, license] of seen) {
  if (!byLicense.has(license)) byLicense.set(license, []);
  byLicense.get(license).push(pkg);
}
const refused = /AGPL|SSPL|UNKNOWN|UNLICENSED/i;
let problems = 0;
process.stdout.write(`Production dependencies: ${seen.size}\n\n`);
for (const [license, pkgs] of [...byLicense].sort((a, b) => b[1].length - a[1].length)) {
  const bad = refused.test(license);
  if (bad) problems += pkgs.length;
  process.stdout.write(`${bad ? '!! ' : ''}${license} (${pkgs.length})\n`);
  if (bad || process.argv.includes('--all'))
    for (const pkg of pkgs.sort()) process.stdout.write(`   ${pkg}\n`);
}
if (problems > 0) {
  process.stdout.write(`\n${problems} package(s) with a missing or refused licence.\n`);
  process.exit(1);
}
