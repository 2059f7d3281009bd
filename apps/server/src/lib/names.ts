/** First name for public displays (recent draws, chat): never the full name of a player. */
export function firstName(fullName: string | null | undefined, fallback: string): string {
  return fullName?.trim().split(/\s+/)[0] || fallback;
}
