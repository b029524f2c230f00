import { messages } from '@shop/shared';
import styles from './auth-error-text.module.css';

/**
 * The provider's codes for a login whose email or password is wrong (Better Auth answers an
 * unknown email with the same code as a wrong password, so neither says which emails exist).
 */
const WRONG_CREDENTIALS = new Set([
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_PASSWORD',
  'USER_NOT_FOUND',
]);

/** What a person reads for a code: wrong credentials in words (issue 28), any other code as SPEC shows it. */
export function authErrorText(code: string): string {
  return WRONG_CREDENTIALS.has(code) ? messages.incorrectLogin : `*${code}*`;
}

/**
 * SPEC section 8: an identity failure shows the provider's code text in red, wrapped in
 * asterisks (*TOO_MANY_REQUESTS*), right under the field it concerns. A wrong email or password
 * reads "Incorrect email or password." instead (docs/decisions/033).
 */
export function AuthErrorText({ code }: { code: string | null }) {
  if (!code) return null;
  return (
    <p role="alert" data-testid="auth-error" className={styles.error}>
      {authErrorText(code)}
    </p>
  );
}
