import { zodResolver } from '@hookform/resolvers/zod';
import { messages } from '@shop/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { notify } from '../../../components/ui/toast';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { resetRequestSchema, type ResetRequestInput } from '../schemas';
import { AuthErrorText } from './auth-error-text';
import styles from './auth-form.module.css';

interface ResetRequestFormProps {
  defaultEmail: string;
  onBackToLogin: (email: string) => void;
}

/**
 * The login page's reset-password mode (SPEC section 4): email only. Only ever rendered in the
 * browser (the page arrives in login mode), so its buttons need not wait for the island's code.
 */
export function ResetRequestForm({ defaultEmail, onBackToLogin }: ResetRequestFormProps) {
  const request = useRequestPasswordReset();
  const [authError, setAuthError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<ResetRequestInput>({
    resolver: zodResolver(resetRequestSchema),
    defaultValues: { email: defaultEmail },
  });
  const { handleSubmit, getValues } = form;

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
    <form noValidate onSubmit={onSubmit} aria-label="Reset password" className={styles.form}>
      <div>
        <FormField
          form={form}
          name="email"
          type="email"
          label="Email"
          autoComplete="email"
          fullWidth
        />
        <AuthErrorText code={authError} />
      </div>
      {sent && (
        // A status, not an alert: the toast has already said it.
        <Alert severity="success" role="status" data-testid="reset-email-sent">
          {messages.emailSent}
        </Alert>
      )}
      <Button
        type="submit"
        variant="contained"
        size="large"
        className={styles.submit}
        loading={request.isPending}
      >
        Reset Password
      </Button>
      <Button onClick={() => onBackToLogin(getValues('email'))}>Back to login</Button>
    </form>
  );
}
