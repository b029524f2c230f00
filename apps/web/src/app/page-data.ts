import type { DocumentVisitor, Product, PublicConfig } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { publicConfigQueryOptions } from '../lib/public-config';
import { adminStatusQueryOptions } from '../lib/session/get-admin-status';
import { SESSION_QUERY_KEY, type SessionUser } from '../lib/session/get-session';
import { purchaseProductQueryOptions } from '../lib/catalogue-query';

/** The id of the JSON the server puts in a rendered page for its islands. */
export const PAGE_DATA_ID = 'page-data';

/**
 * What the server knew when it rendered a page and its islands need to render the same markup
 * in the browser: the public settings (the shop's name); on a page drawn for one signed-in
 * person (DocumentVisitor), who they are and, on the purchase page, its product as they buy it.
 * Sent as JSON, never run as script.
 */
export interface PageData {
  config: PublicConfig;
  visitor?: DocumentVisitor;
  purchaseProduct?: Product;
}

export function seedPageData(queryClient: QueryClient, data: PageData) {
  queryClient.setQueryData(publicConfigQueryOptions().queryKey, data.config);
  const { visitor, purchaseProduct } = data;
  if (visitor) {
    const user: SessionUser = {
      email: visitor.email,
      displayName: visitor.displayName,
      emailVerified: visitor.emailVerified,
    };
    queryClient.setQueryData(SESSION_QUERY_KEY, user);
    queryClient.setQueryData(adminStatusQueryOptions(visitor.email).queryKey, visitor.isAdmin);
  }
  if (purchaseProduct)
    queryClient.setQueryData(
      purchaseProductQueryOptions(purchaseProduct._id).queryKey,
      purchaseProduct,
    );
}

const PageDataContext = createContext<PageData | null>(null);
export const PageDataProvider = PageDataContext.Provider;

/**
 * Whether the server drew this page for the signed-in person (PageData's visitor): then the
 * islands render the session from their first render on, as the server did; otherwise the
 * server drew "session unknown", and an island hydrating after the session is known still
 * draws that first.
 */
export function useServerKnewSession(): boolean {
  return useContext(PageDataContext)?.visitor !== undefined;
}
