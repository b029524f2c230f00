import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import { lighten } from '@mui/material/styles';
import Typography from '@mui/material/Typography';

/*
 * MUI's indeterminate LinearProgress moves its bars' `left` and `right`, which the browser counts
 * as layout shift; this bar, drawn as LinearProgress draws it (4 px, the secondary colour on a
 * lightened track), slides with a transform instead. Being its own few lines, it also keeps
 * LinearProgress out of the first load of every page (e2e/storefront/bundle-budget.spec.ts).
 */
const slide = keyframes`
  from { transform: translateX(-100%); }
  to { transform: translateX(250%); }
`;

/**
 * SPEC section 2: a protected page shows Loading... with a progress bar while the session (and,
 * on admin pages, the role) resolves. It fills the viewport like PageLoading, so the footer does
 * not jump when the page appears.
 */
export function SessionLoading() {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pt: 10,
        px: 2,
        gap: 2,
      }}
    >
      <Typography>Loading...</Typography>
      <Box
        role="progressbar"
        aria-label="Checking your sign-in"
        sx={{
          width: '100%',
          maxWidth: 360,
          height: 4,
          overflow: 'hidden',
          bgcolor: (theme) => lighten(theme.palette.secondary.main, 0.62),
        }}
      >
        <Box
          sx={{
            width: '40%',
            height: '100%',
            bgcolor: 'secondary.main',
            animation: `${slide} 1.4s ease-in-out infinite`,
          }}
        />
      </Box>
    </Box>
  );
}
