import type { ReactNode, Ref } from 'react';
import { Button } from './ui/button';
import { cx } from './ui/container';
import { TextField } from './ui/text-field';
import styles from './quantity-stepper.module.css';

export interface QuantityStepperProps {
  label?: string;
  /** The field's text: what the buyer typed. */
  value: string;
  onChange: (text: string) => void;
  /** The pack size: the stepper (its buttons and the field's arrows) moves by it. */
  step: number;
  min: number;
  /** The product's maximum per order, else its stock. */
  max?: number;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  className?: string;
  /** Names the product in the buttons' labels ("Increase by a pack of 10 of Part 1"). */
  productName?: string;
  /** The number field itself: an island reads what was typed into it before it hydrated. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The step down: to the pack below what was typed, never under the minimum. A quantity between
 * packs goes to the pack below it, so the field lands on a multiple again.
 */
export function stepDown(text: string, step: number, min: number): number {
  const current = Number(text);
  if (text.trim() === '' || !Number.isFinite(current)) return min;
  const below = Math.ceil(current / step) * step - step;
  return Math.max(min, below);
}

/** The step up: to the next pack above what was typed, never over `max`. */
export function stepUp(text: string, step: number, min: number, max?: number): number {
  const current = Number(text);
  if (text.trim() === '' || !Number.isFinite(current) || current < min) return min;
  const above = Math.floor(current / step) * step + step;
  return max != null ? Math.min(max, above) : above;
}

/**
 * A quantity field whose stepper moves by the pack size (issue 14): − and + buttons and the
 * number field's own arrows (step, min, max) all move a pack at a time. What is typed stays
 * what is typed; the shared quantity rule judges it (checkQuantity).
 */
export function QuantityStepper({
  label = 'Quantity',
  value,
  onChange,
  step,
  min,
  max,
  error,
  helperText,
  fullWidth,
  className,
  productName,
  inputRef,
}: QuantityStepperProps) {
  const pack = step > 1 ? `a pack of ${step}` : 'one piece';
  const of = productName ? ` of ${productName}` : '';
  const down = stepDown(value, step, min);
  const up = stepUp(value, step, min, max);
  const current = Number(value);
  return (
    <div className={cx(styles.stepper, fullWidth && styles.fullWidth, className)}>
      <Button
        variant="outlined"
        className={styles.button}
        aria-label={`Decrease by ${pack}${of}`}
        disabled={value.trim() !== '' && current <= min}
        onClick={() => onChange(String(down))}
      >
        −
      </Button>
      <TextField
        label={label}
        type="number"
        inputMode="numeric"
        ref={inputRef}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error}
        helperText={helperText}
        min={min}
        max={max}
        step={step}
        className={styles.field}
      />
      <Button
        variant="outlined"
        className={styles.button}
        aria-label={`Increase by ${pack}${of}`}
        disabled={max != null && value.trim() !== '' && current >= max}
        onClick={() => onChange(String(up))}
      >
        +
      </Button>
    </div>
  );
}
