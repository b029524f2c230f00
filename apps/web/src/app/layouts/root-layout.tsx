import Box from '@mui/material/Box';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SignOutOnArrival } from '../require-session';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { PageLoading } from './page-loading';
import { ScrollRestoration } from './scroll-restoration';
import { VerifyEmailNotice } from './verify-email-notice';

/**
 * The page fills the viewport below the navbar (MUI's Toolbar: 56 px on phones, 64 px from
 * 600 px), so the footer starts at the fold: a page's loading state, shorter than the page,
 * never shows the footer only to push it down when the content arrives (a layout shift).
 */
const MAIN_MIN_HEIGHT = { xs: 'calc(100dvh - 56px)', sm: 'calc(100dvh - 64px)' };

export function RootLayout() {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh' }}>
      <Navbar />
      <VerifyEmailNotice />
      <Box
        component="main"
        sx={{ flex: 1, display: 'flex', flexDirection: 'column', minHeight: MAIN_MIN_HEIGHT }}
      >
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </Box>
      <Footer />
      <ScrollRestoration />
      <SignOutOnArrival />
    </Box>
  );
}
