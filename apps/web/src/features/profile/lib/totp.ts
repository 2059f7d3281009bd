/** The base32 secret inside an otpauth:// URI (Key Uri Format), for typing it by hand. */
export function secretFromUri(uri: string): string | null {
  const match = /[?&]secret=([^&#]+)/i.exec(uri);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return match[1];
  }
}

/** "JBSWY3DPEHPK3PXP" -> "JBSW Y3DP EHPK 3PXP": easier to copy by eye. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}
