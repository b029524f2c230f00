export interface NavLinkItem {
  label: string;
  to: string;
}

/**
 * SPEC section 2's links, with Products after Home (issue 28): the catalogue is what a buyer
 * comes for, and SPEC's navbar had no way to it.
 */
export const publicLinks: NavLinkItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Products', to: '/products' },
  { label: 'My Portfolio', to: '/myportfolio' },
  { label: 'Blog', to: '/blog' },
];

export const signedOutLinks: NavLinkItem[] = [
  { label: 'Login', to: '/login' },
  { label: 'Signup', to: '/signup' },
];

/** SPEC section 2: the navbar's Dashboard goes to Manage All Orders for admins, else My Orders. */
export function dashboardPath(isAdmin: boolean): string {
  return isAdmin ? '/dashboard/manageallorders' : '/dashboard/myorders';
}

/**
 * /dashboard itself opens the role's first page: for admins the Overview (issue 16), the first
 * item of their side menu; the navbar keeps SPEC's link.
 */
export function dashboardHomePath(isAdmin: boolean): string {
  return isAdmin ? '/dashboard/overview' : '/dashboard/myorders';
}
