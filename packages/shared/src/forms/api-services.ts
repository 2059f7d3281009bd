/**
 * The 'Manutenção' form of the API-services screen: the end as a datetime-local value (the
 * browser's local time) becomes the instant the server receives, checked with the server's rules
 * so most mistakes are caught before the request.
 */
import { z } from 'zod';
import {
  MAINTENANCE_MAX_DAYS,
  maintenanceMessages,
  startMaintenanceInputSchema,
} from '../service-health';

/** `now` is read at each check: the form stays open while the clock moves. */
export function startMaintenanceFormSchema(now: () => Date = () => new Date()) {
  return z.object({
    reason: startMaintenanceInputSchema.shape.reason,
    endsAt: z.string().transform((local, ctx) => {
      const end = new Date(local);
      const at = now().getTime();
      let message: string | null = null;
      if (!local || Number.isNaN(end.getTime())) message = maintenanceMessages.endInvalid;
      else if (end.getTime() <= at + 60_000) message = maintenanceMessages.endInPast;
      else if (end.getTime() > at + MAINTENANCE_MAX_DAYS * 86_400_000)
        message = maintenanceMessages.endTooFar;
      if (message) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return end.toISOString();
    }),
  });
}
export type StartMaintenanceFormInput = z.input<ReturnType<typeof startMaintenanceFormSchema>>;
