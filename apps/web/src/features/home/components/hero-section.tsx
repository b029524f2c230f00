import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
// A file of its own, fetched beside the script, rather than a data URL inside it, which would
// count against the first load's JavaScript (e2e/storefront/bundle-budget.spec.ts).
import heroBoard from '../../../assets/hero-board.svg?no-inline';
import { useShopName } from '../../../lib/public-config';

interface HeroSectionProps {
  /** The id of the section Order Now scrolls to. */
  orderTargetId: string;
}

function scrollToSection(id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  // Keyboard and screen-reader users continue from the section they were sent to.
  target.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
}

export function HeroSection({ orderTargetId }: HeroSectionProps) {
  const shopName = useShopName();
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
      sx={{
        color: 'common.white',
        background: 'linear-gradient(135deg, #062846 0%, #0b3c6e 55%, #2f6aa3 100%)',
        py: { xs: 8, md: 12 },
      }}
    >
      <Container maxWidth="lg">
        <Stack direction="row" spacing={6} sx={{ alignItems: 'center' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography
              variant="overline"
              component="p"
              sx={{
                color: 'secondary.main',
                fontWeight: 700,
                letterSpacing: '0.12em',
                lineHeight: 1.6,
              }}
            >
              Computer parts manufacturer · Bulk orders for business
            </Typography>
            <Typography
              variant="h1"
              id="hero-heading"
              sx={{ fontSize: { xs: '2.25rem', sm: '3rem', md: '3.5rem' }, maxWidth: 820, mt: 1 }}
            >
              {shopName}: computer parts built for business
            </Typography>
            <Typography
              sx={{ fontSize: { xs: '1.1rem', md: '1.3rem' }, mt: 3, maxWidth: 680, opacity: 0.92 }}
            >
              Best-quality processors, graphics cards, memory, storage and power supplies, made in
              our own factories and delivered in bulk to businesses worldwide.
            </Typography>
            <Button
              variant="contained"
              color="secondary"
              size="large"
              endIcon={<ArrowDownwardIcon />}
              onClick={() => scrollToSection(orderTargetId)}
              sx={{ mt: 5, px: 4, py: 1.5, fontSize: '1.05rem' }}
            >
              Order Now
            </Button>
          </Box>
          <Box
            component="img"
            src={heroBoard}
            alt=""
            width={360}
            height={300}
            sx={{ display: { xs: 'none', md: 'block' }, flexShrink: 0 }}
          />
        </Stack>
      </Container>
    </Box>
  );
}
