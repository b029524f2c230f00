import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestSchema, type ResetRequestInput } from '../schemas';
import { AuthErrorText } from './auth-error-text';

interface ResetRequestFormProps {
  defaultEmail: string;
  onBackToLogin: (email: string) => void;
}

/** The login page's reset-password mode (SPEC section 4): email only. */
export function ResetRequestForm({ defaultEmail, onBackToLogin }: ResetRequestFormProps) {
  const request = useRequestPasswordReset();
  const [authError, setAuthError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<ResetRequestInput>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: defaultEmail },
  });

  const onSubmit = handleSubmit((input) => {
    setAuthError(null);
    setSent(false);
    request.mutate(input, {
      onSuccess: () => {
        setSent(true);
        notify.success(messages.emailSent);
      },
      onError: (error) => setAuthError(error.code),
    });
  });

  return (
    <Box component="form" noValidate onSubmit={onSubmit} aria-label="Reset password">
      <Stack spacing={2}>
        <Box>
          <TextField
            {...register('email')}
            type="email"
            label="Email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <AuthErrorText code={authError} />
        </Box>
        {sent && (
          <Alert severity="success" role="status" data-testid="reset-email-sent">
            {messages.emailSent}
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" loading={request.isPending}>
          Reset Password
        </Button>
        <Button onClick={() => onBackToLogin(getValues('email'))}>Back to login</Button>
      </Stack>
    </Box>
  );
}
