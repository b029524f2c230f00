// First: zod must be jitless before any schema is built (see the module).
import '../lib/zod-config';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToastContainer } from '../components/ui/toast';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/**
 * The single-page app's providers. MUI's theme is not one of them: the pages still drawn with
 * MUI have it around them (layouts/mui-theme.tsx, app/routes.tsx), so MUI and emotion load only
 * with those pages.
 */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToastContainer />
    </QueryClientProvider>
  );
}
