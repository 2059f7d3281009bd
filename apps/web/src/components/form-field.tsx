import type { ComponentProps, ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PasswordInput } from '@/components/password-input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/utils';

export interface FormFieldProps {
  /** The id of the control; the hint and the error get ids derived from it. */
  id: string;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** The error is announced as soon as it appears (for a message that replaces a toast). */
  announceError?: boolean;
  /** The control, given the ids to put in aria-describedby. */
  children: (describedBy: string | undefined) => ReactNode;
}

/** The ids that describe a control: its hint, then its error. */
export function describedByIds(id: string, hasHint: boolean, hasError: boolean) {
  const ids = [hasHint ? `${id}-hint` : null, hasError ? `${id}-error` : null].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** Label, control, hint and error message, linked for assistive technology. */
export function FormField({
  id,
  label,
  error,
  hint,
  className,
  announceError = false,
  children,
}: FormFieldProps) {
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(describedByIds(id, Boolean(hint), Boolean(error)))}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <FieldError id={`${id}-error`} announce={announceError}>
          {error}
        </FieldError>
      )}
    </div>
  );
}

export function FieldError({
  id,
  announce = false,
  children,
}: {
  id: string;
  announce?: boolean;
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={announce ? 'alert' : undefined}
      className="text-sm font-medium text-destructive"
    >
      {children}
    </p>
  );
}

/** What every bound field takes: the label, the hint and the error around one registered control. */
interface BoundFieldProps {
  id: string;
  label: ReactNode;
  announceError?: boolean;
  /** `register('name')` of the form the field belongs to. */
  registration: UseFormRegisterReturn;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string;
  /** Classes of the control itself (className styles the field). */
  controlClassName?: string;
}

type ControlProps<P> = Omit<P, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'>;

/**
 * The shell every bound field shares: the label, hint and error of FormField around one control,
 * which gets the id, the validity, the described-by ids, its own props and the registration.
 */
function BoundField<P extends object>({
  id,
  label,
  registration,
  error,
  hint,
  className,
  controlClassName,
  announceError,
  render,
  ...control
}: BoundFieldProps &
  P & { render: (props: P & UseFormRegisterReturn & { id: string }) => ReactNode }) {
  return (
    <FormField {...{ id, label, error, hint, className, announceError }}>
      {(describedBy) =>
        render({
          id,
          ...(controlClassName ? { className: controlClassName } : {}),
          'aria-invalid': error ? true : undefined,
          'aria-describedby': describedBy,
          ...(control as unknown as P),
          ...registration,
        })
      }
    </FormField>
  );
}

type InputFieldProps = BoundFieldProps & ControlProps<ComponentProps<'input'>>;

/** A text-like input bound to react-hook-form: one line per field. */
export function InputField(props: InputFieldProps) {
  return <BoundField {...props} render={(control) => <Input {...control} />} />;
}

/** The 6-digit code of an authenticator app, bound to react-hook-form (the label may change). */
export function TotpCodeField(props: Omit<InputFieldProps, 'label'> & { label?: ReactNode }) {
  return (
    <InputField
      label="Código de 6 dígitos"
      autoComplete="one-time-code"
      inputMode="numeric"
      maxLength={6}
      placeholder="6 dígitos"
      {...props}
    />
  );
}

/** A password input with its show/hide toggle, bound to react-hook-form. */
export function PasswordField(props: Omit<InputFieldProps, 'type'>) {
  return <BoundField {...props} render={(control) => <PasswordInput {...control} />} />;
}

type TextareaFieldProps = BoundFieldProps & ControlProps<ComponentProps<'textarea'>>;

/** A textarea bound to react-hook-form. */
export function TextareaField(props: TextareaFieldProps) {
  return <BoundField {...props} render={(control) => <Textarea {...control} />} />;
}

type SelectFieldProps = BoundFieldProps & ControlProps<ComponentProps<'select'>>;

/** A native select bound to react-hook-form; the options are its children. */
export function SelectField(props: SelectFieldProps) {
  return <BoundField {...props} render={(control) => <NativeSelect {...control} />} />;
}

/**
 * The first message of a failed validation, in the order the schema reported the issues (nested
 * objects and arrays included): for forms that show one message for the whole form.
 */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    if ('message' in value && typeof value.message === 'string' && value.message)
      return value.message;
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  return undefined;
}
