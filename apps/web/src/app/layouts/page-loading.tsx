import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * Shown while a lazily loaded page's code arrives. It fills the viewport so the footer starts
 * below the fold and does not jump when the page appears (a layout shift); a spinner animates
 * with transforms only, where an indeterminate bar moves its box and counts as shifting.
 */
export function PageLoading() {
  return (
    <Box
      role="status"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        pt: 10,
        gap: 2,
      }}
    >
      <CircularProgress aria-hidden />
      <Typography>Loading...</Typography>
    </Box>
  );
}
