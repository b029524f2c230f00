import { expect } from '@playwright/test';
import { DOCUMENT_BOOT_SCRIPT, DOCUMENT_SCRIPTS_ID } from '@shop/shared';

/**
 * A rendered document runs no inline script but the boot script (the Content-Security-Policy
 * allows it by its hash), which asks for the page's module from /assets/ after the first paint;
 * every other <script> is data that never runs.
 */
export function expectOnlyTheBootScript(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].map(
    ([, attributes, text]) => ({ attributes: attributes!.trim(), text: text! }),
  );
  const runs = scripts.filter((script) => !script.attributes.includes('type="application/json"'));
  expect(runs).toEqual([{ attributes: '', text: DOCUMENT_BOOT_SCRIPT }]);
  const list = scripts.find((script) => script.attributes.includes(`id="${DOCUMENT_SCRIPTS_ID}"`));
  expect(JSON.parse(list?.text ?? '{}')).toMatchObject({
    entry: expect.stringMatching(/^\/assets\/.+\.js$/),
  });
}
