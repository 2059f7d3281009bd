/**
 * Where to go after signing in, carried through login -> 'Criar conta' -> sign-up -> the
 * confirmation e-mail -> sign-in as `?redirect=`. Only a path on this site is ever followed:
 * anything else (another origin, '//host', '/\host', control characters) is ignored, so the
 * parameter can never send someone to another site (no open redirect).
 */
export const RETURN_PARAM = 'redirect';

/** Longest target kept; the confirmation callback that carries it is capped at 500 characters. */
const MAX_LENGTH = 300;

const SAME_SITE_PATH = /^\/(?![/\\])[\x21-\x5b\x5d-\x7e]*$/;

/** The sign-in screens themselves are never a place to come back to. */
const AUTH_PATHS = new Set([
  '/login',
  '/register',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/set-password',
]);

/** `value` when it is a same-site relative path ('/...', not '//' nor '/\'), otherwise null. */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_LENGTH) return null;
  // One '/' then printable ASCII without '\': not '//host' nor '/\host', and no spaces, tabs or
  // line breaks (browsers drop those, so '/\t/host' would become '//host').
  if (!SAME_SITE_PATH.test(value)) return null;
  const pathname = value.split(/[?#]/, 1)[0] ?? '';
  if (AUTH_PATHS.has(pathname)) return null;
  return value;
}

/** `path` with `?redirect=target` added, or `path` unchanged without a valid target. */
export function withReturnPath(path: string, target: string | null | undefined): string {
  const safe = safeReturnPath(target);
  if (!safe) return path;
  const separator = path.includes('?') ? '&' : '?';
  return `${path}${separator}${RETURN_PARAM}=${encodeURIComponent(safe)}`;
}

/** The private-room screens a return target may point to (shown as an invitation at sign-up). */
export function isPrivateRoomPath(target: string | null | undefined): boolean {
  return (
    typeof target === 'string' &&
    /^\/(private-room-invite\/[^/?#]+|private-room\/[^/?#]+|private-room\?)/.test(target)
  );
}

/** The invite code of a '/private-room-invite/:code' target, if it is one. */
export function inviteCodeOf(target: string | null | undefined): string | null {
  if (typeof target !== 'string') return null;
  return /^\/private-room-invite\/([A-Za-z0-9_-]+)(?:[?#]|$)/.exec(target)?.[1] ?? null;
}
