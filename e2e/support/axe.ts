import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** components/near-viewport.tsx: an island this close to the screen hydrates. */
const NEAR_VIEWPORT_PX = 400;

/**
 * Runs axe on the page as it stands and fails on any serious or critical violation. It waits
 * first for the server-rendered islands that are due to hydrate (all but those far from the
 * screen), then for the CSS transitions under way to end: a login button leaving its disabled
 * grey as its island hydrates would otherwise be read half-way, with a contrast neither state has.
 */
export async function expectAccessible(
  page: Page,
  label: string,
  /** Also WCAG 2.2's tap targets of at least 24 by 24 px (axe's target-size, off by default). */
  { targetSize = false }: { targetSize?: boolean } = {},
) {
  await page.waitForFunction((margin) => {
    const due = (island: HTMLElement) =>
      island.dataset.hydrate !== 'visible' ||
      Array.from(island.children).some((child) => {
        const box = child.getBoundingClientRect();
        return box.bottom > -margin && box.top < window.innerHeight + margin;
      });
    return Array.from(document.querySelectorAll<HTMLElement>('[data-island]')).every(
      (island) => island.dataset.hydrated !== undefined || !due(island),
    );
  }, NEAR_VIEWPORT_PX);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getTiming().iterations === Infinity,
      ),
  );
  const builder = new AxeBuilder({ page });
  if (targetSize) builder.options({ rules: { 'target-size': { enabled: true } } });
  const results = await builder.analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(blocking, `axe on ${label}`).toEqual([]);
}
