// `npm run audit`: known vulnerabilities of the production dependencies at high or critical
// severity fail the run. When the registry in use offers no audit endpoint (some mirrors answer
// 404/405), that is said plainly and the run does not pretend to have checked.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync('npm', ['audit', '--omit=dev', '--json'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
let report;
try {
  report = JSON.parse(result.stdout);
} catch {
  report = null;
}
const error = report?.error;
if (!report || error) {
  const stderrLine =
    result.stderr.split('\n').find((l) => /audit/i.test(l) && !/nodedir/.test(l)) ?? '';
  const summary =
    error?.summary ||
    error?.code ||
    report?.message ||
    stderrLine.replace(/^npm (warn|error) /, '').trim();
  // Under `npm run --silent` the child npm inherits the silent log level and prints nothing on
  // stderr: the reason is then only in the JSON report (its `message` and `statusCode`).
  const said = `${summary} ${report?.message ?? ''} ${report?.statusCode ?? ''} ${result.stderr}`;
  if (/405|404|ENOAUDIT|not allowed|not found|ENOTFOUND|ECONNREFUSED|EAI_AGAIN/i.test(said)) {
    process.stdout.write(
      `npm audit: the registry's audit endpoint is not reachable from here (${summary}); no vulnerability check was made.\n`,
    );
    process.exit(0);
  }
  process.stderr.write(`npm audit failed: ${summary}\n`);
  process.exit(1);
}
const counts = report.metadata?.vulnerabilities ?? {};
process.stdout.write(`npm audit (production): ${JSON.stringify(counts)}\n`);
const serious = (counts.high ?? 0) + (counts.critical ?? 0);
if (serious > 0) {
  for (const [name, v] of Object.entries(report.vulnerabilities ?? {}))
    if (v.severity === 'high' || v.severity === 'critical')
      process.stdout.write(`  ${v.severity}: ${name} ${v.range ?? ''}\n`);
  process.exit(1);
}
