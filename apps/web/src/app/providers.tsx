// First: zod must be jitless before any schema is built (see the module).
import '../lib/zod-config';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToastContainer } from '../components/ui/toast';

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

/** The single-page app's providers. No theme: every page styles itself with CSS Modules. */
export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <AppToastContainer />
    </QueryClientProvider>
  );
}
