import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DocumentLink, NavigationProvider } from '../components/ui/navigation';

interface IslandProvidersProps {
  queryClient: QueryClient;
  /** The path of the page the island is on. */
  path: string;
  children: ReactNode;
}

/**
 * What every island of a server-rendered page runs inside, on the server and in the browser
 * alike, so both render the same markup: the page's one query cache (islands share the session
 * and the public settings) and document links (docs/decisions/015).
 */
export function IslandProviders({ queryClient, path, children }: IslandProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <NavigationProvider value={{ path, Link: DocumentLink }}>{children}</NavigationProvider>
    </QueryClientProvider>
  );
}
