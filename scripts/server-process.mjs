// How the production server process is started: by `npm start` (scripts/start.mjs) and, to be
// measured as it runs, by `npm run bench:memory` (scripts/bench/memory.ts).

/**
 * Node flags of the server: stack traces point at the TypeScript sources; `gc` exposed so the
 * server collects its start-up garbage once when it is ready (apps/server/src/main.ts).
 */
export const SERVER_NODE_FLAGS = ['--enable-source-maps', '--expose-gc'];

/**
 * The server's environment: production, the laptop demo's outbox page when mail is local, and
 * glibc's allocator kept at fixed thresholds. By default glibc raises its mmap threshold (up to
 * 32 MB) and its trim threshold after large blocks are freed, so the memory of a burst of
 * allocations stays in the process for good: V8's optimizing compiler of the embedded database's
 * WebAssembly (its work memory, freed after each function) left 30 to 50 MB of free but resident
 * memory in an idle server. Blocks from 96 KB up get their own mapping (returned to the system
 * when freed) and free memory above 128 KB at the top of the heap is given back; smaller
 * allocations, and Node's 64 KB stream chunks, are served as before. Values set by the caller's
 * environment win.
 */
export function serverEnv(env) {
  return {
    NODE_ENV: 'production',
    MALLOC_MMAP_THRESHOLD_: '98304',
    MALLOC_TRIM_THRESHOLD_: '131072',
    // The laptop demo reads its confirmation and recovery e-mails at /outbox (from this machine
    // only). Never behind https or with real mail: a deployment does not show it.
    ...(!env.SMTP_URL && !(env.BASE_URL ?? '').startsWith('https://')
      ? { MAIL_OUTBOX_PAGE: 'true' }
      : {}),
    ...env,
  };
}
