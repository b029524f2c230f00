import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Lazy routes and queries resolve in a few milliseconds on an idle machine but can take seconds
// on a loaded two-core CI runner; findBy*/waitFor wait up to 10 s instead of 1 s before failing.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lays nothing out, so it has no scrolling; the Order Now button calls these.
Element.prototype.scrollIntoView = vi.fn();
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

// jsdom has the <dialog> element but not its modal methods (components/ui/dialog.tsx calls
// them): the `open` attribute is what they set, and close() tells the dialog's listeners.
// The page outside turning inert is the browser's alone, checked end to end.
if (typeof HTMLDialogElement.prototype.showModal !== 'function') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});
