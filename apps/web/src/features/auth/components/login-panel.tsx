import { useEffect, useState } from 'react';
import { PageTitle } from '../../../components/page-title';
import { historyState, redirectTarget } from '../../../lib/session/login-redirect';
import { AppToastContainer, notify } from '../../../components/ui/toast';
import { useLeaveOnceSignedIn } from '../leave-once-signed-in';
import { PASSWORD_CHANGED, takePasswordChanged } from '../password-changed';
import { AuthCardContent } from './auth-card';
import { LoginForm } from './login-form';
import { ResetRequestForm } from './reset-request-form';

type Mode = 'login' | 'reset';

/**
 * SPEC section 2: back to the page that asked for a login, or home. A guard's navigation to
 * /login carries the page in the history entry's state, which the reload into this document kept.
 */
const afterLogin = () => redirectTarget(historyState());

/**
 * The island of /login (docs/decisions/015): the card's content, in login mode or in the in-page
 * reset-password mode (SPEC sections 2, 4), so the heading changes with the mode too. It renders
 * the toasts of reset mode itself: a page the server renders has no app around its islands.
 */
export default function LoginPanel() {
  const leaving = useLeaveOnceSignedIn(afterLogin);
  const [mode, setMode] = useState<Mode>('login');
  // The address typed in one mode is kept for the other.
  const [email, setEmail] = useState('');

  useEffect(() => {
    if (takePasswordChanged()) notify.success(PASSWORD_CHANGED);
  }, []);

  const switchTo = (next: Mode) => (typedEmail: string) => {
    setEmail(typedEmail);
    setMode(next);
  };

  return (
    <>
      {mode === 'login' ? (
        <AuthCardContent title="Login" subtitle="Welcome back. Sign in to order parts in bulk.">
          <LoginForm defaultEmail={email} onForgotPassword={switchTo('reset')} leaving={leaving} />
        </AuthCardContent>
      ) : (
        <>
          {/* React puts it before the page's own title in the head, where it wins while shown. */}
          <PageTitle title="Reset Password" />
          <AuthCardContent
            title="Reset Password"
            subtitle="We will email you a link to choose a new password."
          >
            <ResetRequestForm defaultEmail={email} onBackToLogin={switchTo('login')} />
          </AuthCardContent>
        </>
      )}
      <AppToastContainer />
    </>
  );
}
