import { useMutation, useQueryClient } from '@tanstack/react-query';
import { verificationSchema, type Verification } from '@sorteio/shared';
import { send } from '@/lib/api-client';
import { profileKeys } from './profile-keys';

export interface SubmitVerificationInput {
  tipoDocumento: string;
  numeroDocumento: string;
  documento: File;
  selfie: File;
}

/** POST /api/profile/verification as multipart/form-data (text fields, then the two images). */
export function submitVerification(input: SubmitVerificationInput): Promise<Verification> {
  const form = new FormData();
  form.set('tipoDocumento', input.tipoDocumento);
  form.set('numeroDocumento', input.numeroDocumento);
  form.set('documento', input.documento);
  form.set('selfie', input.selfie);
  return send('POST', '/api/profile/verification', form, verificationSchema);
}

export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitVerification,
    onSuccess: (verification) => {
      queryClient.setQueryData(profileKeys.verification(), verification);
      // An instant automated check may have verified the account already.
      void queryClient.invalidateQueries({ queryKey: profileKeys.detail() });
      void queryClient.invalidateQueries({ queryKey: profileKeys.securityLogs() });
    },
  });
}
