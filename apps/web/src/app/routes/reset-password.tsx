import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { newPasswordSchema, type NewPasswordInput } from '../../features/auth/schemas';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthErrorText } from '../../features/auth/components/auth-error-text';
import { passwordChangedState } from '../../features/auth/password-changed';

function BackToLogin() {
  return (
    <Typography sx={{ mt: 3, textAlign: 'center' }}>
      <Link component={RouterLink} to="/login">
        Back to login
      </Link>
    </Typography>
  );
}

/**
 * /reset-password: where the reset email's link lands. Better Auth adds ?token=... to a valid
 * link and ?error=INVALID_TOKEN to an expired or used one.
 */
export default function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token');
  const linkError = searchParams.get('error') ?? (token ? null : 'INVALID_TOKEN');

  if (linkError || !token) {
    return (
      <AuthCard title="Reset Password">
        <Alert severity="error">
          This password reset link is invalid or has expired. Request a new one from the login page
          with Forgot password?.
        </Alert>
        <AuthErrorText code={linkError} />
        <BackToLogin />
      </AuthCard>
    );
  }
  return <NewPasswordForm token={token} />;
}

function NewPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const reset = useResetPassword();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(({ newPassword }) => {
    setAuthError(null);
    reset.mutate(
      { newPassword, token },
      {
        // /login says so: it is a page the server renders, which a toast from here would not
        // outlive (features/auth/password-changed.ts).
        onSuccess: () => void navigate('/login', { replace: true, state: passwordChangedState }),
        onError: (error) => setAuthError(error.code),
      },
    );
  });

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password for your account.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Set a new password">
        <Stack spacing={2}>
          <Box>
            <TextField
              {...register('newPassword')}
              type="password"
              label="New password"
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.newPassword)}
              helperText={errors.newPassword?.message}
            />
            <AuthErrorText code={authError} />
          </Box>
          <TextField
            {...register('confirmPassword')}
            type="password"
            label="Confirm new password"
            autoComplete="new-password"
            fullWidth
            error={Boolean(errors.confirmPassword)}
            helperText={errors.confirmPassword?.message}
          />
          <Button type="submit" variant="contained" size="large" loading={reset.isPending}>
            Set new password
          </Button>
        </Stack>
      </Box>
      <BackToLogin />
    </AuthCard>
  );
}
