import { z } from 'zod';
import { reviewVerificationInputSchema } from '../account';

/**
 * The identity decision in the user drawer: one text box and two buttons. The form always holds
 * both fields; what it yields is the API's own body (the reason only when rejecting), checked by
 * the API's schema.
 */
export const identityReviewFormSchema = z
  .object({ decision: z.enum(['aprovar', 'rejeitar']), motivo: z.string() })
  .transform((form): z.input<typeof reviewVerificationInputSchema> =>
    form.decision === 'aprovar'
      ? { decision: 'aprovar' }
      : { decision: 'rejeitar', motivo: form.motivo },
  )
  .pipe(reviewVerificationInputSchema);
export type IdentityReviewForm = z.input<typeof identityReviewFormSchema>;
