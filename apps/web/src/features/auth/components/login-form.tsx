import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { AuthError } from '../../../lib/auth-client';
import { redirectTarget } from '../../../lib/session';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignIn } from '../api/sign-in';
import { loginSchema, type LoginInput } from '../schemas';
import { AuthErrorText } from './auth-error-text';
import { GoogleButton } from './google-button';
import { OrDivider } from './or-divider';

interface LoginFormProps {
  defaultEmail: string;
  onForgotPassword: (email: string) => void;
}

export function LoginForm({ defaultEmail, onForgotPassword }: LoginFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: defaultEmail, password: '' },
  });

  // SPEC section 2: back to the page that asked for a login, or home.
  const continueToTarget = () => void navigate(redirectTarget(location.state), { replace: true });
  const showError = (error: AuthError) => setAuthError(error.code);
  const google = useGoogleSignIn({ onSuccess: continueToTarget, onError: showError });

  const onSubmit = handleSubmit((input) => {
    setAuthError(null);
    signIn.mutate(input, { onSuccess: continueToTarget, onError: showError });
  });

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Login">
        <Stack spacing={2}>
          <TextField
            {...register('email')}
            type="email"
            label="Email"
            autoComplete="email"
            fullWidth
            error={Boolean(errors.email)}
            helperText={errors.email?.message}
          />
          <Box>
            <TextField
              {...register('password')}
              type="password"
              label="Password"
              autoComplete="current-password"
              fullWidth
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
            />
            <AuthErrorText code={authError} />
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => onForgotPassword(getValues('email'))}>
              Forgot password?
            </Button>
          </Box>
          <Button type="submit" variant="contained" size="large" loading={signIn.isPending}>
            Login
          </Button>
        </Stack>
      </Box>
      <OrDivider />
      <GoogleButton
        onClick={() => {
          setAuthError(null);
          google.start();
        }}
      />
      <Typography sx={{ mt: 3, textAlign: 'center' }}>
        New here?{' '}
        <Link component={RouterLink} to="/signup">
          Create an account
        </Link>
      </Typography>
    </>
  );
}
