/**
 * The script of a page the server renders (docs/decisions/015): it hydrates the page's islands,
 * the parts marked by <Island>, each as a root of its own, and nothing else. The rest of the
 * page stays the HTML it arrived as.
 */
import '../lib/zod-config';
import '../styles/global.css';
import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { Hydrate } from '../components/island';
import { NEAR_VIEWPORT_MARGIN } from '../components/near-viewport';
import { createQueryClient } from '../lib/query-client';
import { IslandProviders } from './island-providers';
import { Navbar } from './layouts/navbar';
import { VerifyEmailNotice } from './layouts/verify-email-notice';
import { PAGE_DATA_ID, seedPageData, type PageData } from './page-data';

type Loader = () => Promise<ComponentType<object>>;

/**
 * Every island by the name <Island> gives it. What shows at once is part of this script; what
 * waits for the visitor (hydrate "visible" or "idle") loads its code when it is needed.
 */
const islands: Record<string, Loader> = {
  navbar: async () => Navbar,
  'verify-email-notice': async () => VerifyEmailNotice,
  'subscribe-form': async () =>
    (await import('../features/newsletter/components/subscribe-form')).default,
  purchase: async () => (await import('./routes/purchase')).PurchaseIsland,
  // Its props are the card's, written into the page by the server's <Island> (data-props).
  'add-to-cart': async () =>
    (await import('../components/add-to-cart')).AddToCartIsland as ComponentType<object>,
  'product-search': async () =>
    (await import('../features/catalog/components/product-search'))
      .ProductSearch as ComponentType<object>,
  'product-order': async () =>
    (await import('../features/catalog/components/product-order'))
      .ProductOrderIsland as ComponentType<object>,
  'login-form': async () => (await import('../features/auth/components/login-panel')).default,
  'signup-form': async () => (await import('../features/auth/components/signup-form')).default,
};

const queryClient = createQueryClient();
const pageDataText = document.getElementById(PAGE_DATA_ID)?.textContent;
const pageData = pageDataText ? (JSON.parse(pageDataText) as PageData) : null;
if (pageData) seedPageData(queryClient, pageData);
const path = window.location.pathname;

/**
 * Marks the island's wrapper once React has hydrated it (`data-hydrated`): what was typed or
 * pressed before is the browser's alone, so the tests wait for it, as a person waits for a page.
 */
function Hydrated({ onHydrated, children }: { onHydrated: () => void; children: ReactNode }) {
  useEffect(onHydrated, [onHydrated]);
  return children;
}

async function hydrate(element: HTMLElement) {
  const name = element.dataset.island ?? '';
  const load = islands[name];
  if (!load) throw new Error(`The page has an island "${name}" this script does not know.`);
  const Component = await load();
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  startTransition(() => {
    hydrateRoot(
      element,
      <IslandProviders queryClient={queryClient} path={path} pageData={pageData}>
        <Hydrated
          onHydrated={() => {
            element.dataset.hydrated = '';
          }}
        >
          <Component {...props} />
        </Hydrated>
      </IslandProviders>,
      { identifierPrefix: `${name}-` },
    );
  });
}

function whenNearViewport(element: HTMLElement, then: () => void) {
  if (typeof IntersectionObserver === 'undefined') return then();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: NEAR_VIEWPORT_MARGIN },
  );
  // The wrapper is `display: contents` and has no box of its own: watch what it holds.
  for (const child of element.children) observer.observe(child);
}

const whenIdle = (then: () => void) =>
  'requestIdleCallback' in window ? window.requestIdleCallback(then) : setTimeout(then, 1);

for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  const start = () => void hydrate(element);
  const when = element.dataset.hydrate as Hydrate | undefined;
  if (when === 'visible') whenNearViewport(element, start);
  else if (when === 'idle') whenIdle(start);
  else start();
}
