/** Security suite: the second half of the routes' fuzz walk (input-fuzz-walk.ts). */
import { describe, it } from 'vitest';
import { fuzzRoutes, useFuzzApp } from './input-fuzz-walk';

useFuzzApp();

describe('schema-driven fuzzing of every route (second half)', () => {
  it('never answers 5xx and never changes anything on a refusal', async () => {
    await fuzzRoutes(1, 2);
    // A bound for a hang: under `npm test` the walk shares two cores with every other step.
  }, 1_200_000);
});
