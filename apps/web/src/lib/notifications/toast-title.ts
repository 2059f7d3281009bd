/**
 * A toast title as shown: without emoji. Some titles are texts of the specification and keep their
 * emoji in the code ('✅ PIX gerado!'); the toast's own icon already says success or error, so
 * the emoji is dropped on the screen (decision 015).
 */
const EMOJI = /[\p{Extended_Pictographic}\u{FE0F}\u{200D}]/gu;

export function toastTitle(title: string): string {
  return title.replace(EMOJI, '').replace(/\s+/g, ' ').trim();
}
