/** Every key of the users list starts with 'users', so one invalidation after a write refreshes it. */
export const userKeys = {
  all: ['users'] as const,
  page: (q: string, page: number) => ['users', 'page', q, page] as const,
};
