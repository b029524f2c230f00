import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { BrowserRouter, useRoutes } from 'react-router';
import { createQueryClient } from '../lib/query-client';
import { AppProviders } from './providers';
import { routes } from './routes';

/**
 * The declarative router: the app uses no loader, action or fetcher, and React Router's data
 * router would add about 17 KB of gzipped JavaScript to the first load (bundle-budget.spec.ts).
 */
export function AppRoutes() {
  return useRoutes(routes);
}

/** `queryClient`: one main.tsx has seeded (a signed-in visitor's session), else a new one. */
export function App({ queryClient: given }: { queryClient?: QueryClient }) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
