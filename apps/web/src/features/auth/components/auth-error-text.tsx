import styles from './auth-error-text.module.css';

/**
 * SPEC section 8: an identity failure shows the provider's code text in red, wrapped in
 * asterisks (*INVALID_EMAIL_OR_PASSWORD*), right under the field it concerns.
 */
export function AuthErrorText({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <p role="alert" data-testid="auth-error" className={styles.error}>
      {`*${code}*`}
    </p>
  );
}
