/** Every key of the users list starts with 'users', so one invalidation after a write refreshes it. */
export const userKeys = {
  all: ['users'] as const,
  page: (page: number) => ['users', 'page', page] as const,
};
