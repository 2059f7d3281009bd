import { useSyncExternalStore } from 'react';

/** Spec 001 section 9: below 768 px the administrator sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT_PX = 768;

const query = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

/** Environments without matchMedia (a test's DOM) count as wide screens. */
function matches(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(query).matches;
}

function subscribe(onChange: () => void) {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const list = window.matchMedia(query);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, matches, () => false);
}
