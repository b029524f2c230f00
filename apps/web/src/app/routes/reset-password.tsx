import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { PageLink } from '../../components/ui/navigation';
import { FormField } from '../../components/ui/form-field';
import { useResetPassword } from '../../features/auth/api/reset-password';
import { newPasswordSchema, type NewPasswordInput } from '../../features/auth/schemas';
import { AuthCard } from '../../features/auth/components/auth-card';
import { AuthErrorText } from '../../features/auth/components/auth-error-text';
import formStyles from '../../features/auth/components/auth-form.module.css';
import { passwordChangedState } from '../../features/auth/password-changed';

function BackToLogin() {
  return (
    <p className={formStyles.switch}>
      <PageLink href="/login">Back to login</PageLink>
    </p>
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
  const form = useForm<NewPasswordInput>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const { handleSubmit } = form;

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
      <form
        noValidate
        onSubmit={onSubmit}
        aria-label="Set a new password"
        className={formStyles.form}
      >
        <div>
          <FormField
            form={form}
            name="newPassword"
            type="password"
            label="New password"
            autoComplete="new-password"
            fullWidth
          />
          <AuthErrorText code={authError} />
        </div>
        <FormField
          form={form}
          name="confirmPassword"
          type="password"
          label="Confirm new password"
          autoComplete="new-password"
          fullWidth
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          className={formStyles.submit}
          loading={reset.isPending}
        >
          Set new password
        </Button>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}
