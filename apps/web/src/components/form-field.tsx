import type { ComponentProps, ReactNode } from 'react';
import type { FieldErrors, UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
}

type InputFieldProps = BoundFieldProps &
  Omit<ComponentProps<'input'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'>;

/** A text-like input bound to react-hook-form: one line per field. */
export function InputField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  announceError,
  ...inputProps
}: InputFieldProps) {
  return (
    <FormField {...{ id, label, error, hint, className, announceError }}>
      {(describedBy) => (
        <Input
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
          {...registration}
        />
      )}
    </FormField>
  );
}

type TextareaFieldProps = BoundFieldProps &
  Omit<ComponentProps<'textarea'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref'> & {
    /** Classes of the textarea itself (className styles the field). */
    controlClassName?: string;
  };

/** A textarea bound to react-hook-form. */
export function TextareaField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  controlClassName,
  announceError,
  ...textareaProps
}: TextareaFieldProps) {
  return (
    <FormField {...{ id, label, error, hint, className, announceError }}>
      {(describedBy) => (
        <Textarea
          id={id}
          className={controlClassName}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...textareaProps}
          {...registration}
        />
      )}
    </FormField>
  );
}

type SelectFieldProps = BoundFieldProps &
  Omit<ComponentProps<'select'>, 'id' | 'name' | 'onChange' | 'onBlur' | 'ref' | 'className'>;

/** A native select bound to react-hook-form; the options are its children. */
export function SelectField({
  id,
  label,
  registration,
  error,
  hint,
  className,
  announceError,
  children,
  ...selectProps
}: SelectFieldProps) {
  return (
    <FormField {...{ id, label, error, hint, className, announceError }}>
      {(describedBy) => (
        <NativeSelect
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...selectProps}
          {...registration}
        >
          {children}
        </NativeSelect>
      )}
    </FormField>
  );
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
