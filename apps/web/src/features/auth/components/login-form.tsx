import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PageLink } from '../../../components/ui/navigation';
import { TextField } from '../../../components/ui/text-field';
import { useHydrated } from '../../../components/use-hydrated';
import type { AuthError } from '../../../lib/auth-client';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignIn } from '../api/sign-in';
import { loginSchema, type LoginInput } from '../schemas';
import { AuthErrorText } from './auth-error-text';
import styles from './auth-form.module.css';
import { GoogleButton } from './google-button';

interface LoginFormProps {
  defaultEmail: string;
  onForgotPassword: (email: string) => void;
  /** The sign-in is done and the next page loads (useLeaveOnceSignedIn). */
  leaving: boolean;
}

/**
 * The login mode of /login. What it does after a sign-in is its island's (LoginPanel): the page
 * leaves once the session is signed in, whichever way that happened.
 */
export function LoginForm({ defaultEmail, onForgotPassword, leaving }: LoginFormProps) {
  const signIn = useSignIn();
  const hydrated = useHydrated();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<LoginInput>({
    resolver: zodResolver(loginSchema),
    // What was typed into the server's fields before the island hydrated is kept: the form reads
    // a field that differs from its HTML when it registers it (react-hook-form's edited check).
    defaultValues: { email: defaultEmail, password: '' },
  });

  const showError = (error: AuthError) => setAuthError(error.code);
  // Signed in, the island leaves (useLeaveOnceSignedIn): nothing more to do here.
  const google = useGoogleSignIn({ onSuccess: () => undefined, onError: showError });

  const onSubmit = handleSubmit((input) => {
    setAuthError(null);
    signIn.mutate(input, { onError: showError });
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-label="Login" className={styles.form}>
        <TextField
          {...register('email')}
          type="email"
          label="Email"
          autoComplete="email"
          fullWidth
          error={Boolean(errors.email)}
          helperText={errors.email?.message}
        />
        <div>
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
        </div>
        <div className={styles.aside}>
          <Button
            size="small"
            className={styles.textButton}
            disabled={!hydrated}
            onClick={() => onForgotPassword(getValues('email'))}
          >
            Forgot password?
          </Button>
        </div>
        <Button
          type="submit"
          variant="contained"
          size="large"
          className={styles.submit}
          // Before the code is there, the browser would send the form itself, password and all.
          disabled={!hydrated}
          loading={signIn.isPending || leaving}
        >
          Login
        </Button>
      </form>
      <GoogleButton
        onClick={() => {
          setAuthError(null);
          google.start();
        }}
      />
      <p className={styles.switch}>
        New here? <PageLink href="/signup">Create an account</PageLink>
      </p>
    </>
  );
}
