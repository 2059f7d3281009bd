/**
 * Loads a CommonJS dependency on first use instead of at start. Image processing (sharp and
 * libvips), PKCS#12 parsing, BR Code and QR generation and the language-model client together
 * hold ~40 MB that an idle server, or one whose operator never uses them, does not need
 * (issue: idle memory of the embedded edition).
 */
import { createRequire } from 'node:module';

const load = createRequire(import.meta.url);

export function lazyModule<T>(name: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load(name) as T);
}
