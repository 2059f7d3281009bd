import { useMediaQuery } from './use-media-query';

/**
 * True when the person asked the system for less motion (animations and countdowns are skipped).
 * Environments without matchMedia (a test's DOM) count as allowing motion.
 */
export function usePrefersReducedMotion(): boolean {
  return useMediaQuery('(prefers-reduced-motion: reduce)');
}
