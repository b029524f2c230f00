import { useId, type ComponentPropsWithRef, type ReactNode } from 'react';
import { cx } from './container';
import styles from './text-field.module.css';

export interface TextFieldProps extends Omit<ComponentPropsWithRef<'input'>, 'className'> {
  label: string;
  /** Below the field; it describes the field (aria-describedby). */
  helperText?: ReactNode;
  /** Draws the field in the error colour and marks it aria-invalid. */
  error?: boolean;
  fullWidth?: boolean;
  /** On the outer element. */
  className?: string;
  /** A <textarea> of `minRows` lines (default 2) that the person can make taller. */
  multiline?: boolean;
  minRows?: number;
}

/**
 * An outlined text field as MUI's TextField drew it, in HTML and CSS alone: the label floats
 * with plain CSS (:focus, :placeholder-shown), so a field rendered on the server looks right
 * before, and without, any JavaScript.
 */
export function TextField({
  id: idOverride,
  label,
  helperText,
  error = false,
  fullWidth = false,
  className,
  placeholder,
  required,
  multiline = false,
  minRows = 2,
  ...inputProps
}: TextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  const fieldProps = {
    id,
    required,
    // The floating label reads :placeholder-shown, which needs a placeholder.
    placeholder: placeholder || ' ',
    'aria-invalid': error || undefined,
    'aria-describedby': helperTextId,
  };
  const labelText = (
    <>
      {label}
      {required && (
        <span className={styles.asterisk} aria-hidden="true">
          *
        </span>
      )}
    </>
  );
  return (
    <div
      className={cx(styles.root, fullWidth && styles.fullWidth, error && styles.error, className)}
    >
      <div className={styles.control}>
        {multiline ? (
          <textarea
            // The input's props a textarea shares (name, value, handlers, ref, autoComplete...).
            {...(inputProps as ComponentPropsWithRef<'textarea'>)}
            {...fieldProps}
            rows={minRows}
            className={cx(styles.input, styles.multiline)}
          />
        ) : (
          <input {...inputProps} {...fieldProps} className={styles.input} />
        )}
        <label htmlFor={id} className={styles.label}>
          {labelText}
        </label>
        <fieldset aria-hidden="true" className={styles.outline}>
          <legend className={styles.legend}>
            <span>{labelText}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p id={helperTextId} className={styles.helper}>
          {helperText}
        </p>
      )}
    </div>
  );
}
