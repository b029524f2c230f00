import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from '../../../components/page-title';

/** A dashboard page's document title and h1, with an optional line saying what the page is for. */
export function DashboardHeading({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <PageTitle title={title} />
      <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', md: '2rem' } }}>
        {title}
      </Typography>
      {children && (
        <Typography sx={{ mt: 1, mb: 3, color: 'text.secondary' }}>{children}</Typography>
      )}
    </>
  );
}
