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

/** SPEC section 2: admins land on Manage All Orders, everyone else on My Orders. */
export function dashboardPath(isAdmin: boolean): string {
  return isAdmin ? '/dashboard/manageallorders' : '/dashboard/myorders';
}
