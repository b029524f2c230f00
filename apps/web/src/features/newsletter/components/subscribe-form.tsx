import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { OutlinedTextField } from '../../../components/outlined-text-field';
import { notify } from '../../../lib/toast';
import { useSubscribe } from '../api';

const check = async (email: string) =>
  (await import('../subscribe-rule')).checkSubscribeInput(email);

/** The newsletter form of the Want To Get Updates section, loaded as it comes near the viewport. */
export default function SubscribeForm() {
  const subscription = useSubscribe();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  // Checked on submit, then again on every change until the address is sent.
  const [submitted, setSubmitted] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const lastCheck = useRef(0);

  const validate = async (value: string) => {
    const id = ++lastCheck.current;
    const result = await check(value);
    if (id === lastCheck.current) setError(result.success ? null : result.error);
    return result;
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    setEmail(event.target.value);
    if (submitted) void validate(event.target.value);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const result = await validate(email);
    if (!result.success) {
      inputRef.current?.focus();
      return;
    }
    subscription.mutate(result.data, {
      onSuccess: (answer) => {
        notify.success(answer.message);
        setEmail('');
        setError(null);
        setSubmitted(false);
      },
      onError: (failure) => notify.error(failure.message),
    });
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      aria-label="Subscribe to updates"
      sx={{ maxWidth: 560, mx: 'auto' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <OutlinedTextField
          name="email"
          value={email}
          onChange={onChange}
          inputRef={inputRef}
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
          loading={subscription.isPending}
          sx={{ minWidth: 140, height: 56, width: { xs: '100%', sm: 'auto' } }}
        >
          Subscribe
        </Button>
      </Stack>
    </Box>
  );
}
