import { BREAKPOINTS } from '@shop/shared';
import { createTheme } from '@mui/material/styles';

/** System fonts only: nothing is fetched from another origin (CSP default-src 'self'). */
const fontFamily = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  '"Noto Sans"',
  'sans-serif',
].join(',');

/** Steel blue for trust, an amber accent taken from circuit-board gold. */
export const theme = createTheme({
  breakpoints: { values: BREAKPOINTS },
  palette: {
    primary: { main: '#0b3c6e', light: '#2f6aa3', dark: '#062846', contrastText: '#ffffff' },
    secondary: { main: '#f5a524', dark: '#c27d0e', contrastText: '#1b1b1b' },
    // Status colours one step darker than MUI's, so white text on them and their text on white
    // both reach WCAG AA (4.5:1): order-status chips use them both ways.
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#0369a1', contrastText: '#ffffff' },
    success: { main: '#15803d', contrastText: '#ffffff' },
    background: { default: '#f4f6f9', paper: '#ffffff' },
    text: { primary: '#1a2433', secondary: '#4a5567' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h1: { fontWeight: 800, fontSize: '2.5rem', lineHeight: 1.15, letterSpacing: '-0.01em' },
    h2: { fontWeight: 700, fontSize: '2rem', lineHeight: 1.2 },
    h3: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.3 },
    h4: { fontWeight: 700, fontSize: '1.125rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiCard: { defaultProps: { variant: 'outlined' } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    // Links inside sentences must be told apart without colour (axe link-in-text-block).
    MuiLink: { defaultProps: { underline: 'always' } },
  },
});
