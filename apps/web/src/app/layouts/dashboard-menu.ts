export interface DashboardMenuItem {
  label: string;
  to: string;
}

const customerItems: DashboardMenuItem[] = [
  { label: 'My Orders', to: '/dashboard/myorders' },
  { label: 'Add A Review', to: '/dashboard/addreview' },
];

const adminItems: DashboardMenuItem[] = [
  { label: 'Manage All Orders', to: '/dashboard/manageallorders' },
  { label: 'Add A Product', to: '/dashboard/addproduct' },
  { label: 'Manage Products', to: '/dashboard/manageproducts' },
  { label: 'Make Admin', to: '/dashboard/makeadmin' },
  { label: 'Manage Reviews', to: '/dashboard/managereviews' },
  { label: 'Audit Log', to: '/dashboard/auditlog' },
];

const everyoneItems: DashboardMenuItem[] = [{ label: 'My Profile', to: '/dashboard/myprofile' }];

/** SPEC section 2, dashboard side menu. */
export function dashboardMenu(isAdmin: boolean): DashboardMenuItem[] {
  return [...(isAdmin ? adminItems : customerItems), ...everyoneItems];
}
