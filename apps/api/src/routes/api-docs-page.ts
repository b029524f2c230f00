import { api, apiPath } from '@shop/shared';

/**
 * The reference page's own markup and start script. The Content-Security-Policy allows no
 * inline script, so the page loads the renderer and this script as files of its own from the
 * shop (no CDN); both are kept here as text because the build (tsc) copies only TypeScript.
 */

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The page: the renderer's stylesheet and script, then the start script. */
export function referencePage(title: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${escapeHtml(title)}</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="${apiPath(api.docs.stylesheet)}" />
  </head>
  <body>
    <main id="reference"></main>
    <script src="${apiPath(api.docs.script, { params: { script: 'reference.js' } })}"></script>
    <script src="${apiPath(api.docs.script, { params: { script: 'init.js' } })}"></script>
  </body>
</html>
`;
}

/**
 * Starts Swagger UI on the generated document. No validator badge (it would send the document
 * to validator.swagger.io); vendor extensions shown, since `x-access` says who may call. The
 * resources start folded: with every one open, Swagger UI 5 stopped drawing the list after the
 * first nine operations once the document passed 127 of them; a reader opens the one they need.
 */
export const initScript = `'use strict';
window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(apiPath(api.docs.openapi))},
  dom_id: '#reference',
  deepLinking: true,
  validatorUrl: null,
  showExtensions: true,
  displayOperationId: true,
  docExpansion: 'none',
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
`;
