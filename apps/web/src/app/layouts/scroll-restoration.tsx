import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/*
 * React Router's <ScrollRestoration> works only with its data router, which weighs about 17 KB
 * of gzipped JavaScript more than the declarative one this app uses (the first-load budget of
 * e2e/storefront/bundle-budget.spec.ts). This does the same for the app's pages: a new page
 * starts at the top (or at the element its #hash names); Back, Forward and a reload return to
 * where that entry was left.
 */

const STORAGE_KEY = 'react-router-scroll-positions';

function loadPositions(): Record<string, number> {
  try {
    const saved = sessionStorage.getItem(STORAGE_KEY);
    return saved ? (JSON.parse(saved) as Record<string, number>) : {};
  } catch {
    return {};
  }
}

const positions = loadPositions();
let currentKey: string | null = null;

const rememberScroll = () => {
  if (currentKey !== null) positions[currentKey] = window.scrollY;
};

const persistPositions = () => {
  rememberScroll();
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
  } catch {
    // Storage disabled: positions survive in-page navigation only.
  }
};

export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('scroll', rememberScroll, { passive: true });
    window.addEventListener('pagehide', persistPositions);
    return () => {
      window.history.scrollRestoration = 'auto';
      window.removeEventListener('scroll', rememberScroll);
      window.removeEventListener('pagehide', persistPositions);
    };
  }, []);

  useLayoutEffect(() => {
    currentKey = location.key;
    const saved = navigationType === 'POP' ? positions[location.key] : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    if (location.hash) {
      const target = document.getElementById(decodeURIComponent(location.hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType]);

  return null;
}
