import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useSubscribe } from '../api';
import styles from './subscribe-form.module.css';

const check = async (email: string) =>
  (await import('../subscribe-rule')).checkSubscribeInput(email);

type Outcome = { ok: boolean; message: string } | null;

/**
 * The newsletter form of the Want To Get Updates section: the home page's one island
 * (docs/decisions/015), so the same markup on the server and in the browser's first render, and no
 * props. The server's answer shows under the field, in a live region: an island page has no toast
 * container.
 */
export default function SubscribeForm() {
  const subscription = useSubscribe();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // Checked on submit, then again on every change until the address is sent.
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const lastCheck = useRef(0);

  // The field is server HTML before this island hydrates (as it comes near the viewport): what a
  // fast visitor typed meanwhile is in the element, not in the state. Taken over once, at mount.
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (typed) setEmail(typed);
  }, []);

  const validate = async (value: string) => {
    const id = ++lastCheck.current;
    const result = await check(value);
    if (id === lastCheck.current) setError(result.success ? null : result.error);
    return result;
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setEmail(event.target.value);
    setOutcome(null);
    if (submitted) void validate(event.target.value);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (subscription.isPending) return;
    setSubmitted(true);
    setOutcome(null);
    const result = await validate(email);
    if (!result.success) {
      inputRef.current?.focus();
      return;
    }
    subscription.mutate(result.data, {
      onSuccess: (answer) => {
        setOutcome({ ok: true, message: answer.message });
        setEmail('');
        setError(null);
        setSubmitted(false);
      },
      onError: (failure) => setOutcome({ ok: false, message: failure.message }),
    });
  };

  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Subscribe to updates"
      className={styles.form}
    >
      <div className={styles.row}>
        <TextField
          name="email"
          value={email}
          onChange={onChange}
          ref={inputRef}
          type="email"
          label="Email address"
          placeholder="example@company.com"
          autoComplete="email"
          fullWidth
          error={error !== null}
          helperText={error}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          // Not disabled while the address is sent: the button keeps the focus.
          aria-disabled={subscription.isPending || undefined}
          className={styles.submit}
        >
          Subscribe
        </Button>
      </div>
      {/* Both regions are there from the start, so screen readers announce what comes into them. */}
      <p role="status" className={`${styles.outcome} ${styles.success}`}>
        {outcome?.ok ? outcome.message : null}
      </p>
      <p role="alert" className={`${styles.outcome} ${styles.failure}`}>
        {outcome && !outcome.ok ? outcome.message : null}
      </p>
    </form>
  );
}
