/**
 * What the server's renders (entry-server.tsx, entry-app-server.tsx) do alike to a built HTML
 * template: the build's scripts after the first paint (DOCUMENT_BOOT_SCRIPT), JSON for the page,
 * the page's <title> in the head.
 */
import { DOCUMENT_BOOT_SCRIPT, DOCUMENT_SCRIPTS_ID, type DocumentScripts } from '@shop/shared';

/** JSON inside <script>: `<` escaped, so no text in the data can close the element. */
export const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

/** The <title> React leaves where the page renders it; a document's belongs in its head. */
export const TITLE = /<title>([^<]*)<\/title>/;

const MODULE_SCRIPT = /\s*<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/g;
const MODULE_PRELOAD = /\s*<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>/g;

/**
 * Takes the build's module script and its preloads out of the template and lists them for
 * DOCUMENT_BOOT_SCRIPT, which asks for them once the page has painted (see its comment).
 */
export function deferScripts(template: string): { template: string; scripts: DocumentScripts } {
  const entries = [...template.matchAll(MODULE_SCRIPT)].map((match) => match[1]!);
  if (entries.length !== 1) throw new Error('the template should have one module script');
  const preload = [...template.matchAll(MODULE_PRELOAD)].map((match) => match[1]!);
  return {
    template: template.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    scripts: { entry: entries[0]!, preload },
  };
}

/** The scripts' list and DOCUMENT_BOOT_SCRIPT, which go last in the body. */
export const bootScripts = (scripts: DocumentScripts) =>
  `<script type="application/json" id="${DOCUMENT_SCRIPTS_ID}">${scriptJson(scripts)}</script>\n` +
  `<script>${DOCUMENT_BOOT_SCRIPT}</script>\n`;
