/** The text to show for something thrown: Error messages are already Portuguese when ours. */
export function errorMessageOf(error: unknown): string | undefined {
  if (error instanceof Error) return error.message;
  if (typeof error === 'string') return error;
  return undefined;
}
