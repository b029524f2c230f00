export interface NavLinkItem {
  label: string;
  to: string;
}

export const publicLinks: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'My Portfolio', to: '/myportfolio' },
  { label: 'Blog', to: '/blog' },
];

export const signedOutLinks: NavLinkItem[] = [
  { label: 'Login', to: '/login' },
  { label: 'Signup', to: '/signup' },
];

/**
 * Admins land on the Overview (issue 16; SPEC section 2 had Manage All Orders, now one link
 * below it), everyone else on My Orders.
 */
export function dashboardPath(isAdmin: boolean): string {
  return isAdmin ? '/dashboard/overview' : '/dashboard/myorders';
}
