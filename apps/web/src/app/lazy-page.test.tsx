import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { lazyPage } from './lazy-page';
import { preloadPages } from './routes';

function Ready({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

describe('lazyPage', () => {
  it('renders at once, without its Suspense fallback, once preloaded; its code is asked for once', async () => {
    const load = vi.fn(() => Promise.resolve({ default: Ready }));
    const Page = lazyPage(load, 'src/ready.tsx');
    await Page.preload();
    await Page.preload();
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page name="My Orders" />
      </Suspense>,
    );
    // The first commit already holds the page: no fallback to push away.
    expect(screen.getByRole('heading', { name: 'My Orders' })).toBeInTheDocument();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('behaves as lazy() when rendered before its code arrived', async () => {
    const Page = lazyPage(() => Promise.resolve({ default: Ready }), 'src/ready.tsx');
    render(
      <Suspense fallback={<p>Loading...</p>}>
        <Page name="Cart" />
      </Suspense>,
    );
    expect(screen.getByText('Loading...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
  });
});

describe('preloadPages', () => {
  it("loads the code of every page an address renders: the dashboard's layout and My Orders", async () => {
    const loaded = (await preloadPages('/dashboard/myorders')) as { default: unknown }[];
    const names = loaded.map((module) => (module.default as { name: string }).name);
    expect(names).toEqual(['DashboardLayout', 'MyOrdersRoute']);
    // A page the server renders (a document) or an unknown address: nothing to load.
    expect(await preloadPages('/')).toEqual([]);
  });
});
