import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { redirectTarget, useSession } from '../../lib/session';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { ResetRequestForm } from '../../features/auth/components/reset-request-form';

type Mode = 'login' | 'reset';

/** /login: the login form with an in-page switch to reset-password mode (SPEC sections 2, 4). */
export default function LoginPage() {
  const session = useSession();
  const location = useLocation();
  const [mode, setMode] = useState<Mode>('login');
  // The address typed in one mode is kept for the other.
  const [email, setEmail] = useState('');

  if (session.status === 'signed-in') {
    return <Navigate to={redirectTarget(location.state)} replace />;
  }

  const switchTo = (next: Mode) => (typedEmail: string) => {
    setEmail(typedEmail);
    setMode(next);
  };

  return mode === 'login' ? (
    <AuthCard title="Login" subtitle="Welcome back. Sign in to order parts in bulk.">
      <LoginForm defaultEmail={email} onForgotPassword={switchTo('reset')} />
    </AuthCard>
  ) : (
    <AuthCard title="Reset Password" subtitle="We will email you a link to choose a new password.">
      <ResetRequestForm defaultEmail={email} onBackToLogin={switchTo('login')} />
    </AuthCard>
  );
}
