import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, Link as RouterLink, useNavigate } from 'react-router';
import type { AuthError } from '../../lib/auth-client';
import { useSession } from '../../lib/session';
import { useGoogleSignIn } from '../../features/auth/api/google-sign-in';
import { useSignUp } from '../../features/auth/api/sign-up';
import { signupSchema, type SignupInput } from '../../features/auth/schemas';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthErrorText } from '../../features/auth/components/auth-error-text';
import { GoogleButton } from '../../features/auth/components/google-button';
import { OrDivider } from '../../features/auth/components/or-divider';

/** /signup: a new account goes straight to / (SPEC section 2). */
export default function SignupPage() {
  const session = useSession();
  const navigate = useNavigate();
  const signUp = useSignUp();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const goHome = () => void navigate('/', { replace: true });
  const showError = (error: AuthError) => setAuthError(error.code);
  const google = useGoogleSignIn({ onSuccess: goHome, onError: showError });

  if (session.status === 'signed-in') return <Navigate to="/" replace />;

  const onSubmit = handleSubmit((input) => {
    setAuthError(null);
    signUp.mutate(input, { onSuccess: goHome, onError: showError });
  });

  return (
    <AuthCard title="Signup" subtitle="Create a business account to order parts in bulk.">
      <Box component="form" noValidate onSubmit={onSubmit} aria-label="Signup">
        <Stack spacing={2}>
          <TextField
            {...register('name')}
            label="Name"
            autoComplete="name"
            fullWidth
            error={Boolean(errors.name)}
            helperText={errors.name?.message}
          />
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
              autoComplete="new-password"
              fullWidth
              error={Boolean(errors.password)}
              helperText={errors.password?.message}
            />
            <AuthErrorText code={authError} />
          </Box>
          <Button type="submit" variant="contained" size="large" loading={signUp.isPending}>
            Signup
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
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Log in
        </Link>
      </Typography>
    </AuthCard>
  );
}
