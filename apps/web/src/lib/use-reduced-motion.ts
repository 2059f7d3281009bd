import { useSyncExternalStore } from 'react';

const query = '(prefers-reduced-motion: reduce)';

/** Environments without matchMedia (a test's DOM) count as allowing motion. */
function matches(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** True when the person asked the system for less motion (animations and countdowns are skipped). */
export function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
