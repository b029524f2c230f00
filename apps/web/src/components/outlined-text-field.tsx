import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import { useId, type ReactNode } from 'react';

export interface OutlinedTextFieldProps extends Omit<
  OutlinedInputProps,
  'label' | 'error' | 'fullWidth' | 'required' | 'disabled'
> {
  label: string;
  helperText?: ReactNode;
  error?: boolean;
  fullWidth?: boolean;
  required?: boolean;
  disabled?: boolean;
}

/**
 * MUI's outlined TextField put together from the same parts (FormControl, InputLabel,
 * OutlinedInput, FormHelperText) with the same ids and ARIA wiring. TextField itself always
 * brings Select, Menu, Popover and Modal along, about 20 KB of gzipped JavaScript that the home
 * page's newsletter field never uses (the first-load budget, e2e/storefront/bundle-budget.spec.ts).
 */
export function OutlinedTextField({
  id: idOverride,
  label,
  helperText,
  error = false,
  fullWidth = false,
  required = false,
  disabled = false,
  className,
  sx,
  ...inputProps
}: OutlinedTextFieldProps) {
  const generatedId = useId();
  const id = idOverride ?? generatedId;
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      variant="outlined"
      className={className}
      sx={sx}
      error={error}
      fullWidth={fullWidth}
      required={required}
      disabled={disabled}
    >
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        {...inputProps}
        id={id}
        label={label}
        fullWidth={fullWidth}
        aria-describedby={helperTextId}
      />
      {helperText && <FormHelperText id={helperTextId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
