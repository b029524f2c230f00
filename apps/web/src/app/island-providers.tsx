import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { DocumentLink, NavigationProvider } from '../components/ui/navigation';
import { PageDataProvider, type PageData } from './page-data';

interface IslandProvidersProps {
  queryClient: QueryClient;
  /** The path of the page the island is on. */
  path: string;
  /** What the server put in the page for its islands (page-data.ts). */
  pageData: PageData | null;
  children: ReactNode;
}

/**
 * What every island of a server-rendered page runs inside, on the server and in the browser
 * alike, so both render the same markup: the page's one query cache (islands share the session
 * and the public settings), what the server knew (page-data.ts) and document links
 * (docs/decisions/015).
 */
export function IslandProviders({ queryClient, path, pageData, children }: IslandProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <PageDataProvider value={pageData}>
        <NavigationProvider value={{ path, Link: DocumentLink }}>{children}</NavigationProvider>
      </PageDataProvider>
    </QueryClientProvider>
  );
}
