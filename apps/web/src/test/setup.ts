import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes and queries resolve in a few milliseconds on an idle machine but can take seconds
// on a loaded two-core CI runner; findBy*/waitFor wait up to 10 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrolling; the Order Now button calls these.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});
