import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Page, Request } from '@playwright/test';
import { root } from './env';

/*
 * Which modules the scripts a page loaded were built from, read from the build's source maps
 * (the same way as e2e/storefront/bundle-budget.spec.ts).
 */

export const dist = join(root, 'apps', 'web', 'dist');
/** The build moves its source maps here, out of the served folder (apps/web/vite.config.ts). */
export const sourceMaps = join(root, 'apps', 'web', 'dist-sourcemaps');

/** Records every script the page asks for, from now on. */
export function recordScripts(page: Page): Request[] {
  const scripts: Request[] = [];
  page.on('request', (request) => {
    const isScript =
      request.resourceType() === 'script' || /\.m?js$/.test(new URL(request.url()).pathname);
    if (isScript) scripts.push(request);
  });
  return scripts;
}

export interface BuiltScript {
  /** The file under apps/web/dist, or the full URL of a script that is not part of the build. */
  name: string;
  /** The modules the file was built from (its source map); empty off the build. */
  sources: string[];
}

function sourcesOf(file: string): string[] {
  const map = join(sourceMaps, `${relative(dist, file)}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

/** The modules the built script at `pathname` (/assets/...) was made from; empty off the build. */
export const sourcesOfPath = (pathname: string): string[] =>
  sourcesOf(join(dist, decodeURIComponent(pathname)));

/** The scripts `requests` fetched (each once), with the modules each was built from. */
export function builtScripts(requests: Request[], origin: string): BuiltScript[] {
  const urls = [...new Set(requests.map((request) => request.url()))];
  return urls.map((href) => {
    const url = new URL(href);
    const file = join(dist, decodeURIComponent(url.pathname));
    if (url.origin === origin && url.pathname.startsWith('/assets/') && existsSync(file))
      return { name: url.pathname.slice(1), sources: sourcesOf(file) };
    return { name: url.href, sources: [] };
  });
}

/** Each `script: module` of `scripts` built from a module `pattern` matches. */
export const modulesMatching = (scripts: BuiltScript[], pattern: RegExp): string[] =>
  scripts.flatMap((script) =>
    script.sources.filter((source) => pattern.test(source)).map((s) => `${script.name}: ${s}`),
  );
