import { Island } from '../../components/island';
import { PageTitle } from '../../components/page-title';
import { AuthFrame } from '../../features/auth/components/auth-card';
import LoginPanel from '../../features/auth/components/login-panel';

/**
 * /login (SPEC sections 2, 4): a page the server renders (docs/decisions/015). The card is HTML;
 * what it holds is the login-form island, hydrated at once, because its heading changes with the
 * in-page switch to reset-password mode. Back to the page that asked for the login afterwards.
 */
export default function LoginPage() {
  return (
    <>
      <PageTitle title="Login" />
      <AuthFrame>
        <Island name="login-form" component={LoginPanel} props={{}} />
      </AuthFrame>
    </>
  );
}
