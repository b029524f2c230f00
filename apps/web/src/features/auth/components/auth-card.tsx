import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
}

/** The frame of the login, signup and reset pages: one centred card with the page's heading. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Box sx={{ py: { xs: 4, md: 8 }, px: 2, display: 'flex', justifyContent: 'center' }}>
      <PageTitle title={title} />
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, width: '100%', maxWidth: 440 }}>
        <Typography
          variant="h1"
          sx={{ fontSize: { xs: '1.75rem', md: '2rem' }, textAlign: 'center' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography sx={{ mt: 1, color: 'text.secondary', textAlign: 'center' }}>
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: 3 }}>{children}</Box>
      </Paper>
    </Box>
  );
}
