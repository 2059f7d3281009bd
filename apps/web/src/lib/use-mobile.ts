import { useMediaQuery } from './use-media-query';

/** Spec 001 section 9: below 768 px the administrator sidebar becomes a drawer. */
export const MOBILE_BREAKPOINT_PX = 768;

/** Environments without matchMedia (a test's DOM) count as wide screens. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
