import type { PublicConfig } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { publicConfigQueryOptions } from '../lib/public-config';

/** The id of the JSON the server puts in a rendered page for its islands. */
export const PAGE_DATA_ID = 'page-data';

/**
 * What the server knew when it rendered a page and its islands need to render the same markup
 * in the browser: the public settings (the shop's name). Sent as JSON, never run as script.
 */
export interface PageData {
  config: PublicConfig;
}

export function seedPageData(queryClient: QueryClient, data: PageData) {
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, data.config);
}
