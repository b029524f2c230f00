/**
 * Renders a page of the shop to HTML at build time (scripts/prerender.mjs), so the browser can
 * paint it before any JavaScript has run; main.tsx then hydrates it. Only pages that look the
 * same for every visitor are rendered this way (the home page): what depends on the visitor or on
 * live data (the session, products, reviews) renders in its loading state, exactly as the first
 * client render does, and fills in once the page's requests answer (docs/decisions/009).
 */
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { AppRoutes } from './app/app';
import { AppProviders } from './app/providers';
import { EMOTION_KEY } from './lib/emotion';
import { createQueryClient } from './lib/query-client';

export interface RenderedPage {
  /** The markup that goes inside `<div id="root">`. */
  html: string;
  /** Emotion's `<style data-emotion>` tags for that markup, for the `<head>`. */
  styles: string;
}

function page(url: string, cache: ReturnType<typeof createCache>) {
  return (
    <StrictMode>
      <CacheProvider value={cache}>
        <AppProviders queryClient={createQueryClient()}>
          <StaticRouter location={url}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </CacheProvider>
    </StrictMode>
  );
}

/** React 19 puts a page's <title> where it is rendered; the shell's <head> has the title. */
const TITLE = /<title>[^<]*<\/title>/g;

export async function render(url: string): Promise<RenderedPage> {
  // First pass: loads the lazy page chunks the URL needs (prerender waits for them), so the
  // second pass renders the whole page at once: complete markup, and no inline script to reveal
  // parts of it, which the Content-Security-Policy would block.
  await prerenderToNodeStream(page(url, createCache({ key: EMOTION_KEY })));
  const cache = createCache({ key: EMOTION_KEY });
  const emotion = createEmotionServer(cache);
  const html = renderToString(page(url, cache)).replace(TITLE, '');
  const styles = emotion.constructStyleTagsFromChunks(emotion.extractCriticalToChunks(html));
  return { html, styles };
}
