/** Every tax query key starts with 'tax': one invalidation after a write refreshes them all. */
export const taxKeys = {
  all: ['tax'] as const,
  rates: ['tax', 'rates'] as const,
  company: (id: string, page: number) => ['tax', 'company', id, page] as const,
  review: (status: string, page: number) => ['tax', 'review', status, page] as const,
};
