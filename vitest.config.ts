import { defineConfig } from 'vitest/config';
import SlowestFirstSequencer from './vitest.sequencer.ts';

export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirstSequencer },
    projects: [
      {
        test: {
          name: 'shared',
          root: './packages/shared',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      './apps/web/vitest.config.ts',
      {
        test: {
          name: 'server',
          root: './apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['./src/test/global-setup.ts'],
          // A bound for a hung test, not a speed check: npm test runs the other steps beside these
          // on the same two cores.
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // Each file gets its own database; two workers fit two cores. Files share a worker's module
          // cache (no isolation): importing the app once per worker, not once per file.
          pool: 'forks',
          isolate: false,
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
