import type { DocumentVisitor, Product, PublicConfig } from '@shop/shared';
import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { publicConfigQueryOptions } from '../lib/public-config';
import { adminStatusQueryOptions } from '../lib/session/get-admin-status';
import { SESSION_QUERY_KEY, type SessionUser } from '../lib/session/get-session';
import { purchaseProductQueryOptions } from '../lib/catalogue-query';

export { PAGE_DATA_ID } from '@shop/shared';

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
  if (visitor) seedVisitor(queryClient, visitor);
  if (purchaseProduct)
    queryClient.setQueryData(
      purchaseProductQueryOptions(purchaseProduct._id).queryKey,
      purchaseProduct,
    );
}

/** The session and the admin role, as the server read them from the session cookie. */
export function seedVisitor(queryClient: QueryClient, visitor: DocumentVisitor) {
  const user: SessionUser = {
    email: visitor.email,
    displayName: visitor.displayName,
    emailVerified: visitor.emailVerified,
  };
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  queryClient.setQueryData(adminStatusQueryOptions(visitor.email).queryKey, visitor.isAdmin);
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
