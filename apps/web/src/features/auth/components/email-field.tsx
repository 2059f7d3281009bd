import type { UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@/components/form-field';

/** The e-mail of the sign-in, sign-up and recovery forms. */
export function EmailField({
  id,
  error,
  registration,
}: {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <InputField
      id={id}
      label="E-mail"
      error={error}
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder="Ex.: voce@exemplo.com.br"
      required
      registration={registration}
    />
  );
}
