import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from './text-field';

type FormFieldProps<T extends FieldValues> = Omit<
  TextFieldProps,
  | 'form'
  | 'name'
  | 'error'
  | 'helperText'
  | 'value'
  | 'defaultValue'
  | 'onChange'
  | 'onBlur'
  | 'ref'
> & {
  /** The form (useForm's answer) the field belongs to, whatever its resolver's output. */
  form: UseFormReturn<T, unknown, FieldValues>;
  name: FieldPath<T>;
  /** Shown under the field while it has no error. */
  hint?: string;
};

/**
 * A text field bound to a react-hook-form field: registered by name, drawn in the error colour
 * with the rule's message under it when the form's check (or the server) rejects it. The wiring
 * every form repeated, in one place.
 */
export function FormField<T extends FieldValues>({
  form,
  name,
  hint,
  ...props
}: FormFieldProps<T>) {
  const { error } = form.getFieldState(name, form.formState);
  return (
    <TextField
      {...props}
      {...form.register(name)}
      error={Boolean(error)}
      helperText={error?.message ?? hint}
    />
  );
}
