import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AdminUserDetail,
  type IdentityReviewForm,
  adminMessages,
  formatDateTime,
  identityReviewFormSchema,
} from '@sorteio/shared';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from '@/components/form-field';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useNotifications } from '@/lib/notifications/use-notifications';
import { verificationFileUrl } from '../api/get-verification-file';
import { useReviewIdentity } from '../api/review-identity';
import { AutomatedChecks } from './automated-checks';

const statusText = { pendente: 'Em análise', verificado: 'Verificado', rejeitado: 'Rejeitado' };
const statusVariant = {
  pendente: 'warning',
  verificado: 'success',
  rejeitado: 'destructive',
} as const;

/** The verification part of the user drawer: both images and the decision (reviewing roles). */
export function IdentityReview({
  userId,
  verification,
}: {
  userId: string;
  verification: NonNullable<AdminUserDetail['verification']>;
}) {
  const { notify } = useNotifications();
  const review = useReviewIdentity();
  const motivoId = useId();
  const {
    register,
    handleSubmit,
    setValue,
    reset,
    formState: { errors },
  } = useForm<IdentityReviewForm, unknown, z.output<typeof identityReviewFormSchema>>({
    resolver: zodResolver(identityReviewFormSchema),
    defaultValues: { decision: 'aprovar', motivo: '' },
  });
  const submit = handleSubmit((input) =>
    review.mutate(
      { userId, ...input },
      {
        onSuccess: () => {
          reset({ decision: 'aprovar', motivo: '' });
          notify({
            type: 'success',
            title: adminMessages.actionDone,
            message:
              input.decision === 'aprovar'
                ? 'Identidade aprovada. O usuário foi avisado por e-mail.'
                : 'Verificação rejeitada. O usuário foi avisado do motivo por e-mail.',
          });
        },
        onError: (e) => notify({ type: 'error', title: 'Erro', message: e.message }),
      },
    ),
  );
  const decide = (decision: IdentityReviewForm['decision']) => {
    setValue('decision', decision);
    void submit();
  };

  return (
    <section aria-label="Verificação de identidade" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant={statusVariant[verification.status]}>
          {statusText[verification.status]}
        </Badge>
        <span className="text-sm text-muted-foreground">
          {verification.tipoDocumento.toUpperCase()} {verification.numeroDocumento} · enviado em{' '}
          {formatDateTime(verification.submittedAt)}
        </span>
      </div>
      {verification.reviewedAt && (
        <p className="text-sm text-muted-foreground">
          Revisado em {formatDateTime(verification.reviewedAt)}
          {verification.reviewerName ? ` por ${verification.reviewerName}` : ''}
        </p>
      )}
      {verification.motivoRejeicao && (
        <p className="text-sm">
          <span className="font-medium">Motivo da rejeição:</span> {verification.motivoRejeicao}
        </p>
      )}
      {verification.canReview ? (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            {(['documento', 'selfie'] as const).map((kind) => (
              <figure key={kind} className="flex flex-col gap-1">
                <a href={verificationFileUrl(userId, kind)} target="_blank" rel="noreferrer">
                  <img
                    src={verificationFileUrl(userId, kind)}
                    alt={kind === 'documento' ? 'Documento enviado' : 'Selfie enviada'}
                    className="max-h-56 w-full rounded-md border bg-muted object-contain"
                  />
                </a>
                <figcaption className="text-xs text-muted-foreground">
                  {kind === 'documento' ? 'Documento' : 'Selfie'}
                </figcaption>
              </figure>
            ))}
          </div>
          {verification.automatedChecks && (
            <AutomatedChecks analysis={verification.automatedChecks} />
          )}
          {verification.status === 'pendente' && (
            <div className="flex flex-col gap-2">
              <FormField
                id={motivoId}
                label="Motivo (obrigatório para rejeitar)"
                error={errors.motivo?.message}
              >
                {(describedBy) => (
                  <textarea
                    id={motivoId}
                    maxLength={300}
                    aria-invalid={errors.motivo ? true : undefined}
                    aria-describedby={describedBy}
                    className="min-h-20 rounded-md border border-input bg-background px-3 py-2 text-sm"
                    {...register('motivo')}
                  />
                )}
              </FormField>
              <div className="flex gap-2">
                <Button disabled={review.isPending} onClick={() => decide('aprovar')}>
                  Aprovar
                </Button>
                <Button
                  variant="destructive"
                  disabled={review.isPending}
                  onClick={() => decide('rejeitar')}
                >
                  Rejeitar
                </Button>
              </div>
            </div>
          )}
        </>
      ) : (
        <p className="text-sm text-muted-foreground">
          Os documentos só aparecem para quem revisa identidades.
        </p>
      )}
    </section>
  );
}
