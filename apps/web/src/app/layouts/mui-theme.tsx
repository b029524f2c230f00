import { ThemeProvider } from '@mui/system';
import type { ReactNode } from 'react';
import { theme } from '../theme';

/*
 * What MUI's own ThemeProvider (@mui/material/styles) does for a theme without CSS variables:
 * the system provider, with `vars` set to null. Its module also carries the CSS-variables
 * provider, about 3 KB of gzipped JavaScript these pages do not need.
 */
const providedTheme = { ...theme, vars: null };

/**
 * The shop's MUI theme, around each page still drawn with MUI (app/routes.tsx). Loaded lazily
 * with the first such page: MUI and emotion are no part of the single-page app's entry, nor of
 * the pages drawn with CSS Modules (docs/decisions/015).
 */
export default function MuiTheme({ children }: { children: ReactNode }) {
  return <ThemeProvider theme={providedTheme}>{children}</ThemeProvider>;
}
