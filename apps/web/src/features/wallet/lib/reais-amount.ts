import { parseBRL } from '@sorteio/shared';
import { z } from 'zod';

/**
 * An amount typed in reais ("25", "25,50", "R$ 1.000,00") read as centavos, then checked by
 * `check`. `example` is the amount the error message shows.
 */
export function reaisAmount<Out>(example: string, check: z.ZodType<Out, number>) {
  return z
    .string()
    .trim()
    .min(1, { error: 'Informe o valor.' })
    .transform((text, ctx) => {
      const centavos = parseBRL(text);
      if (centavos === null) {
        ctx.addIssue({ code: 'custom', message: `Valor inválido. Use, por exemplo, ${example}.` });
        return z.NEVER;
      }
      return centavos;
    })
    .pipe(check);
}
