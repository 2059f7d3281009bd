import { zodResolver } from '@hookform/resolvers/zod';
import { changePasswordInputSchema, passwordSchemaOf } from '@sorteio/shared';
import { useMemo } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { z } from 'zod';
import { PasswordField } from '@/components/form-field';
import { usePasswordMinLength } from '@/lib/config/get-public-settings';

/** The new password follows the setting "Tamanho mínimo da senha" (the server checks it too). */
const formSchemaOf = (minPassword: number) =>
  changePasswordInputSchema
    .extend({ newPassword: passwordSchemaOf(minPassword), confirmPassword: z.string() })
    .refine((v) => v.newPassword === v.confirmPassword, {
      error: 'As senhas não coincidem.',
      path: ['confirmPassword'],
    });
export type ChangePasswordValues = z.input<ReturnType<typeof formSchemaOf>>;

/** The form of a password change: the current password, the new one and its confirmation. */
export function useChangePasswordForm() {
  const minPassword = usePasswordMinLength();
  const formSchema = useMemo(() => formSchemaOf(minPassword), [minPassword]);
  const form = useForm<ChangePasswordValues>({
    resolver: zodResolver(formSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  return { form, minPassword };
}

/** The three password fields of a change, their ids prefixed so two forms never collide. */
export function ChangePasswordFields({
  idPrefix,
  currentLabel,
  minPassword,
  form: {
    register,
    formState: { errors },
  },
}: {
  idPrefix: string;
  currentLabel: string;
  minPassword: number;
  form: UseFormReturn<ChangePasswordValues>;
}) {
  const field = (
    name: keyof ChangePasswordValues,
    label: string,
    autoComplete: string,
    hint?: string,
  ) => (
    <PasswordField
      id={`${idPrefix}-${name}`}
      label={label}
      hint={hint}
      error={errors[name]?.message}
      autoComplete={autoComplete}
      registration={register(name)}
    />
  );
  return (
    <>
      {field('currentPassword', currentLabel, 'current-password')}
      {field(
        'newPassword',
        'Nova senha',
        'new-password',
        `Use pelo menos ${minPassword} caracteres.`,
      )}
      {field('confirmPassword', 'Confirmar nova senha', 'new-password')}
    </>
  );
}
