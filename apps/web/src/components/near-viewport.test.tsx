import { render, screen } from '@testing-library/react';
import { act, lazy } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NEAR_VIEWPORT_MARGIN, NearViewport } from './near-viewport';

/** A stand-in IntersectionObserver the test drives: `reach()` says the element came near. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed: Element[] = [];
  disconnected = false;

  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options: IntersectionObserverInit = {},
  ) {
    FakeObserver.instances.push(this);
  }

  observe(element: Element) {
    this.observed.push(element);
  }

  disconnect() {
    this.disconnected = true;
  }

  reach() {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

const Content = lazy(async () => ({ default: () => <p>The content</p> }));

describe('NearViewport', () => {
  it('renders its content at once where there is no IntersectionObserver (jsdom)', async () => {
    render(
      <NearViewport minHeight={100}>
        <Content />
      </NearViewport>,
    );
    expect(await screen.findByText('The content')).toBeInTheDocument();
  });

  describe('with an IntersectionObserver', () => {
    beforeEach(() => {
      FakeObserver.instances = [];
      vi.stubGlobal('IntersectionObserver', FakeObserver);
    });

    it('holds a placeholder until the content comes near the viewport, then renders it', async () => {
      const { container } = render(
        <NearViewport minHeight={{ xs: 300, md: 120 }}>
          <Content />
        </NearViewport>,
      );

      expect(screen.queryByText('The content')).not.toBeInTheDocument();
      expect(container.querySelector('[aria-busy="true"]')).toBeInTheDocument();
      const [observer] = FakeObserver.instances;
      expect(observer?.options.rootMargin).toBe(NEAR_VIEWPORT_MARGIN);

      act(() => observer!.reach());

      expect(await screen.findByText('The content')).toBeInTheDocument();
      expect(container.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
      expect(observer?.disconnected).toBe(true);
    });

    it('keeps the page working when the content cannot be loaded', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const Broken = lazy(() => Promise.reject(new Error('Failed to fetch module')));
      render(
        <>
          <NearViewport minHeight={100}>
            <Broken />
          </NearViewport>
          <p>The rest of the page</p>
        </>,
      );

      act(() => FakeObserver.instances[0]!.reach());

      expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
      expect(screen.getByText('The rest of the page')).toBeInTheDocument();
      logged.mockRestore();
    });
  });
});
