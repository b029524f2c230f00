import type { CompanyRole } from '@shop/shared';

export interface DashboardMenuItem {
  label: string;
  to: string;
}

const customerItems: DashboardMenuItem[] = [
  { label: 'My Orders', to: '/dashboard/myorders' },
  { label: 'My Quotes', to: '/dashboard/quotes' },
  { label: 'My Company', to: '/dashboard/mycompany' },
  { label: 'Add A Review', to: '/dashboard/addreview' },
];

/** Issue 15: a company's owners and approvers decide on the purchases above a limit. */
const approvalsItem: DashboardMenuItem = { label: 'Approvals', to: '/dashboard/approvals' };

/** Issue 32: keys and webhooks for programs, a company owner's and the admin's. */
const apiKeysItem: DashboardMenuItem = { label: 'API Keys', to: '/dashboard/api-keys' };
const webhooksItem: DashboardMenuItem = { label: 'Webhooks', to: '/dashboard/webhooks' };

/** Issue 16: the Overview comes first, the admin's dashboard opens it. */
const adminItems: DashboardMenuItem[] = [
  { label: 'Overview', to: '/dashboard/overview' },
  { label: 'Manage All Orders', to: '/dashboard/manageallorders' },
  { label: 'Quotes', to: '/dashboard/quotes' },
  { label: 'Add A Product', to: '/dashboard/addproduct' },
  { label: 'Manage Products', to: '/dashboard/manageproducts' },
  { label: 'Companies', to: '/dashboard/companies' },
  { label: 'Receivables', to: '/dashboard/receivables' },
  { label: 'Tax', to: '/dashboard/tax' },
  { label: 'Shipping Methods', to: '/dashboard/shipping' },
  apiKeysItem,
  webhooksItem,
  { label: 'Make Admin', to: '/dashboard/makeadmin' },
  { label: 'Manage Reviews', to: '/dashboard/managereviews' },
  { label: 'Audit Log', to: '/dashboard/auditlog' },
  { label: 'Jobs', to: '/dashboard/jobs' },
];

const everyoneItems: DashboardMenuItem[] = [{ label: 'My Profile', to: '/dashboard/myprofile' }];

/**
 * SPEC section 2, dashboard side menu; `companyRole` is the customer's role in their company
 * (issue 15), null without one.
 */
export function dashboardMenu(
  isAdmin: boolean,
  companyRole: CompanyRole | null = null,
): DashboardMenuItem[] {
  if (isAdmin) return [...adminItems, ...everyoneItems];
  const approves = companyRole === 'owner' || companyRole === 'approver';
  return [
    ...customerItems,
    ...(approves ? [approvalsItem] : []),
    ...(companyRole === 'owner' ? [apiKeysItem, webhooksItem] : []),
    ...everyoneItems,
  ];
}
