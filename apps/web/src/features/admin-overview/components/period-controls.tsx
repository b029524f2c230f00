import type { StatsInterval } from '@shop/shared';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PERIOD_PRESETS, type OverviewView, type PeriodPreset } from '../period';
import styles from './overview.module.css';

interface PeriodControlsProps {
  view: OverviewView;
  /** The days asked for now: the custom fields start from them. */
  dates: { from: string; to: string };
  onViewChange: (view: OverviewView) => void;
}

/** The custom period: two date fields and Apply (nothing is asked while one is half typed). */
function CustomDates({ view, dates, onViewChange }: PeriodControlsProps) {
  const id = useId();
  const [from, setFrom] = useState(dates.from);
  const [to, setTo] = useState(dates.to);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    onViewChange({ preset: null, from, to, interval: view.interval });
  };
  return (
    <form className={styles.customDates} onSubmit={apply} aria-label="Custom period">
      <span className={styles.dateField}>
        <label htmlFor={`${id}-from`} className={styles.controlLabel}>
          From
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className={styles.dateInput}
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </span>
      <span className={styles.dateField}>
        <label htmlFor={`${id}-to`} className={styles.controlLabel}>
          To
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className={styles.dateInput}
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </span>
      <Button type="submit" variant="outlined">
        Apply
      </Button>
    </form>
  );
}

function ToggleGroup<T extends string>({
  label,
  choices,
  value,
  onChange,
}: {
  label: string;
  choices: readonly { id: T; label: string }[];
  value: T | null;
  onChange: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className={styles.toggles}>
      {choices.map((choice) => (
        <Button
          key={choice.id}
          size="small"
          variant={choice.id === value ? 'contained' : 'outlined'}
          aria-pressed={choice.id === value}
          onClick={() => onChange(choice.id)}
        >
          {choice.label}
        </Button>
      ))}
    </div>
  );
}

const INTERVALS: { id: StatsInterval; label: string }[] = [
  { id: 'day', label: 'Day' },
  { id: 'week', label: 'Week' },
];

/** The Overview's period (a preset or two dates) and its interval; the route keeps them in the URL. */
export function PeriodControls({ view, dates, onViewChange }: PeriodControlsProps) {
  return (
    <div className={styles.controls}>
      <ToggleGroup<PeriodPreset>
        label="Period"
        choices={PERIOD_PRESETS}
        value={view.preset}
        onChange={(preset) => onViewChange({ preset, interval: view.interval })}
      />
      {/* A new period shown starts the fields again from its dates. */}
      <CustomDates
        key={`${dates.from}/${dates.to}`}
        view={view}
        dates={dates}
        onViewChange={onViewChange}
      />
      <ToggleGroup<StatsInterval>
        label="Interval"
        choices={INTERVALS}
        value={view.interval}
        onChange={(interval) => onViewChange({ ...view, interval })}
      />
    </div>
  );
}
