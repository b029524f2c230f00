// First: zod must be jitless before any schema is built (see the module).
import '../lib/zod-config';
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AppToastContainer } from '../lib/toast';
import { theme } from './theme';

/*
 * What MUI's own ThemeProvider (@mui/material/styles) does for a theme without CSS variables:
 * the system provider, with `vars` set to null. Its module also carries the CSS-variables
 * provider, about 3 KB of gzipped JavaScript the first load does not need (bundle-budget.spec.ts).
 */
const providedTheme = { ...theme, vars: null };

interface AppProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
}

export function AppProviders({ queryClient, children }: AppProvidersProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider theme={providedTheme}>
        {children}
        <AppToastContainer />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
