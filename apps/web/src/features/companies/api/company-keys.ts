/**
 * Every company query key starts with 'companies', so one invalidation after a write refreshes
 * the caller's company, an admin's view of one and the admin list alike.
 */
export const companyKeys = {
  all: ['companies'] as const,
  mine: ['companies', 'mine'] as const,
  detail: (id: string) => ['companies', 'detail', id] as const,
  list: (q: string, page: number) => ['companies', 'list', q, page] as const,
  prices: (id: string, page: number) => ['companies', 'prices', id, page] as const,
  locations: (id: string, page: number) => ['companies', 'locations', id, page] as const,
  /** The company's account and invoices on account (issue 30). */
  account: (id: string, page: number) => ['companies', 'account', id, page] as const,
  invoices: (id: string, status: string, page: number) =>
    ['companies', 'invoices', id, status, page] as const,
  /** The caller's invitations: answering one changes the caller's company too. */
  invitations: ['companies', 'invitations'] as const,
};

/**
 * Purchase keys start with 'orders' (features/orders): an approval turns a waiting purchase into
 * orders to pay, so My Orders and the purchase pages read it again with the lists here.
 */
export const purchaseKeys = {
  all: ['orders'] as const,
  company: (id: string, page: number) => ['orders', 'company', id, page] as const,
  approvals: (page: number) => ['orders', 'approvals', page] as const,
};
