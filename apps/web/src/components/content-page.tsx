import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title';

interface ContentPageProps {
  title: string;
  intro?: string;
  children: ReactNode;
}

/** Frame of the static pages: one h1, a short intro and readable line lengths. */
export function ContentPage({ title, intro, children }: ContentPageProps) {
  return (
    <Container maxWidth="md" sx={{ py: { xs: 5, md: 8 } }}>
      <PageTitle title={title} />
      <Typography variant="h1" sx={{ fontSize: { xs: '2rem', md: '2.75rem' } }}>
        {title}
      </Typography>
      {intro && (
        <Typography sx={{ mt: 2, fontSize: '1.15rem', color: 'text.secondary' }}>
          {intro}
        </Typography>
      )}
      {children}
    </Container>
  );
}
