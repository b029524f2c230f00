import { Island } from '../../components/island';
import { AuthCard } from '../../features/auth/components/auth-card';
import SignupForm from '../../features/auth/components/signup-form';

/**
 * /signup (SPEC section 2): a page the server renders (docs/decisions/015), the card and its
 * heading as HTML, the form the signup-form island, hydrated at once. A new account goes to /.
 */
export default function SignupPage() {
  return (
    <AuthCard title="Signup" subtitle="Create a business account to order parts in bulk.">
      <Island name="signup-form" component={SignupForm} props={{}} />
    </AuthCard>
  );
}
