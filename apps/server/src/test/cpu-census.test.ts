import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatCpuCensus, kindOf, startCpuCensus } from '../../../../scripts/cpu-census.mjs';

describe('the CPU census of npm test', () => {
  it('names the kinds of process the suite runs', () => {
    expect(kindOf('/usr/lib/chromium/chromium --type=gpu-process --headless')).toBe(
      'chromium gpu-process',
    );
    expect(kindOf('/usr/lib/chromium/chromium --type=renderer --lang=pt-BR')).toBe(
      'chromium renderer',
    );
    expect(kindOf('/usr/lib/chromium/chromium --headless --no-sandbox')).toBe('chromium browser');
    expect(
      kindOf(
        '/usr/lib/chromium/chromium --type=utility --utility-sub-type=network.mojom.NetworkService',
      ),
    ).toBe('chromium NetworkService');
    expect(kindOf('node --enable-source-maps apps/server/dist/main.js')).toBe(
      'product server (journeys)',
    );
    expect(kindOf('/usr/bin/node node_modules/.bin/eslint .')).toBe('eslint');
    expect(kindOf('')).toBe('kernel threads');
    expect(kindOf('/usr/bin/tesseract in.png out')).toBe('tesseract');
  });

  // prettier-ignore
  it.skipIf(!existsSync('/proc/self/stat'))( // skipped only where there is no /proc (not Linux)
    'charges a busy child process its CPU seconds, under its kind',
    async () => {
      const census = startCpuCensus({ intervalMs: 100 });
      // 0.8 s of its own CPU (not of wall time, which a loaded machine stretches), in a process
      // the census names by its command line.
      const child = spawn(process.execPath, [
        '-e',
        'while (process.cpuUsage().user < 800_000);',
        'census-busy-child',
      ]);
      await new Promise((resolve) => child.once('exit', resolve));
      const result = census.stop();
      expect(result).not.toBeNull();
      const node = result!.rows.find((r) => r.kind === 'node');
      // Readings come every 0.1 s while it runs; its last one is at most one interval old.
      expect(node?.seconds ?? 0).toBeGreaterThan(0.3);
      expect(result!.busy).toBeGreaterThan(0.2);
      expect(formatCpuCensus(result)).toMatch(/^CPU census/);
    },
  );
});
