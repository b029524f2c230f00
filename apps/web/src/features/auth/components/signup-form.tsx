import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '../../../components/ui/button';
import { PageLink } from '../../../components/ui/navigation';
import { TextField } from '../../../components/ui/text-field';
import { useHydrated } from '../../../components/use-hydrated';
import type { AuthError } from '../../../lib/auth-client';
import { useGoogleSignIn } from '../api/google-sign-in';
import { useSignUp } from '../api/sign-up';
import { useLeaveOnceSignedIn } from '../leave-once-signed-in';
import { signupSchema, type SignupInput } from '../schemas';
import { AuthErrorText } from './auth-error-text';
import styles from './auth-form.module.css';
import { GoogleButton } from './google-button';

/** SPEC section 2: a new account goes straight to /, whatever page asked for a login before. */
const home = () => '/';

/**
 * The island of /signup (docs/decisions/015): the form, Continue With Google and the link to
 * /login, under the card's heading the server renders.
 */
export default function SignupForm() {
  const leaving = useLeaveOnceSignedIn(home);
  const hydrated = useHydrated();
  const signUp = useSignUp();
  const [authError, setAuthError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignupInput>({
    resolver: zodResolver(signupSchema),
    // What was typed into the server's fields before the island hydrated is kept: the form reads
    // a field that differs from its HTML when it registers it (react-hook-form's edited check).
    defaultValues: { name: '', email: '', password: '' },
  });

  const showError = (error: AuthError) => setAuthError(error.code);
  // Signed in, the island leaves (useLeaveOnceSignedIn): nothing more to do here.
  const google = useGoogleSignIn({ onSuccess: () => undefined, onError: showError });

  const onSubmit = handleSubmit((input) => {
    setAuthError(null);
    signUp.mutate(input, { onError: showError });
  });

  return (
    <>
      <form noValidate onSubmit={onSubmit} aria-label="Signup" className={styles.form}>
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
        <div>
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
        </div>
        <Button
          type="submit"
          variant="contained"
          size="large"
          className={styles.submit}
          // Before the code is there, the browser would send the form itself, password and all.
          disabled={!hydrated}
          loading={signUp.isPending || leaving}
        >
          Signup
        </Button>
      </form>
      <GoogleButton
        onClick={() => {
          setAuthError(null);
          google.start();
        }}
      />
      <p className={styles.switch}>
        Already have an account? <PageLink href="/login">Log in</PageLink>
      </p>
    </>
  );
}
