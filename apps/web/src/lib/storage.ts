/** Web Storage that never throws: storage may be blocked or full, and it is only a convenience. */
function safe(kind: 'local' | 'session'): Storage | null {
  try {
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStored(kind: 'local' | 'session', key: string): string | null {
  try {
    return safe(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: 'local' | 'session', key: string, value: string | null): void {
  try {
    const store = safe(kind);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota exceeded or blocked: the value is only a convenience.
  }
}

/** The last e-mail typed at sign-in or sign-up, to prefill the next form. */
export const LAST_EMAIL_KEY = 'sorteio:last-email';
/** An invitation code from /register?invite_code=, kept for the private-room join after sign-in. */
export const INVITE_CODE_KEY = 'sorteio:invite-code';
/** The address waiting for confirmation, read by /verify-email after a reload. */
export const PENDING_EMAIL_KEY = 'sorteio:pending-email';
