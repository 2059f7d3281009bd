import { useSyncExternalStore } from 'react';

declare const __BUILD_YEAR__: number | undefined;

/** The year the build ran: the prerendered HTML carries it, so hydration starts from it. */
const buildYear = typeof __BUILD_YEAR__ === 'number' ? __BUILD_YEAR__ : new Date().getFullYear();

const subscribe = () => () => {};

/**
 * The current year. Hydrating the prerendered landing starts from the build's year and then
 * shows today's, so a page built in December and opened in January has no hydration mismatch.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(
    subscribe,
    () => new Date().getFullYear(),
    () => buildYear,
  );
}
