import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface PageSectionProps {
  /** Also the anchor other parts of the page scroll to. */
  id: string;
  title: string;
  subtitle?: string;
  children: ReactNode;
  tinted?: boolean;
}

/** A home-page band: a <section> named by its h2, so it is a landmark for assistive technology. */
export function PageSection({ id, title, subtitle, children, tinted = false }: PageSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      sx={{
        py: { xs: 6, md: 9 },
        bgcolor: tinted ? 'background.paper' : 'transparent',
        // The sticky navbar would otherwise cover the heading after an in-page scroll.
        scrollMarginTop: { xs: 56, sm: 64 },
      }}
    >
      <Container maxWidth="lg">
        <Typography
          variant="h2"
          id={headingId}
          tabIndex={-1}
          sx={{ textAlign: 'center', fontSize: { xs: '1.6rem', md: '2rem' }, outline: 'none' }}
        >
          {title}
        </Typography>
        {subtitle && (
          <Typography
            sx={{
              textAlign: 'center',
              color: 'text.secondary',
              mt: 1.5,
              maxWidth: 680,
              mx: 'auto',
            }}
          >
            {subtitle}
          </Typography>
        )}
        <Box sx={{ mt: { xs: 4, md: 5 } }}>{children}</Box>
      </Container>
    </Box>
  );
}
