import { useSyncExternalStore } from 'react';
import MemoryIcon from '@mui/icons-material/Memory';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages } from '@shop/shared';
import { Link as RouterLink } from 'react-router';
import { useShopName } from '../../lib/public-config';

const footerLinks = [
  { label: 'Home', to: '/' },
  { label: 'Login', to: '/login' },
  { label: 'Signup', to: '/signup' },
  { label: 'About', to: '/about' },
];

const noSubscription = () => () => {};
const currentYear = () => new Date().getFullYear();
const noYearYet = () => null;

export function Footer() {
  const shopName = useShopName();
  // Read in the browser once hydrated: the home page's HTML is rendered at build time (null
  // there), and a year that has turned since would otherwise not match it.
  const year = useSyncExternalStore(noSubscription, currentYear, noYearYet);

  return (
    <Box component="footer" sx={{ bgcolor: 'primary.dark', color: 'common.white', mt: 'auto' }}>
      <Container maxWidth="lg" sx={{ py: 5 }}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={3}
          sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
        >
          <Box>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MemoryIcon sx={{ color: 'secondary.main' }} aria-hidden />
              <Typography component="p" variant="h6" sx={{ fontWeight: 800 }}>
                {shopName}
              </Typography>
            </Stack>
            <Typography variant="body2" sx={{ mt: 1, opacity: 0.85, maxWidth: 420 }}>
              Computer parts manufactured in our own factories and sold in bulk to businesses
              worldwide.
            </Typography>
          </Box>
          <Box component="nav" aria-label="Footer">
            <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {footerLinks.map((link) => (
                <Link key={link.to} component={RouterLink} to={link.to} color="inherit">
                  {link.label}
                </Link>
              ))}
            </Stack>
          </Box>
        </Stack>
        <Typography variant="body2" sx={{ mt: 4, opacity: 0.85, textAlign: 'center' }}>
          Copyright © {year ?? ''} {shopName}. {messages.allRightReserved}
        </Typography>
      </Container>
    </Box>
  );
}
