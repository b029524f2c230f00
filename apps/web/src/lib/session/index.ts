export type { SessionUser } from './get-session';
export {
  useCompleteSignIn,
  useSession,
  useSignOut,
  type Session,
  type SessionStatus,
} from './use-session';
export { redirectTarget, type LoginRedirectState } from './login-redirect';
export { asksForSignOut, useSignOutToHome, type SignOutState } from './sign-out-to-home';
