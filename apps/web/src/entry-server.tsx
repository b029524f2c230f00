/**
 * Renders the pages the server serves as documents (DOCUMENT_PAGES, packages/shared/src/documents.ts) with their data, for
 * the API process (apps/api/src/http/documents.ts), which loads this file's build at start. Each
 * page's HTML is complete and styled when it arrives; the browser then hydrates its islands only
 * (app/islands.tsx). See docs/decisions/015.
 */
import './styles/global.css';
import {
  PRODUCT_PAGE,
  PURCHASE_PAGE,
  type DocumentData,
  type DocumentPage,
  type DocumentRendererModule,
} from '@shop/shared';
import { StrictMode, type ComponentType, type ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { ServerIslandsProvider, type RenderIsland } from './components/island';
import { IslandProviders } from './app/island-providers';
import { PageFrame } from './app/layouts/page-frame';
import { PAGE_DATA_ID, seedPageData, type PageData } from './app/page-data';
import AboutPage from './app/routes/about';
import BlogPage from './app/routes/blog';
import HomePage from './app/routes/home';
import LoginPage from './app/routes/login';
import PortfolioPage from './app/routes/portfolio';
import ProductPage, { ProductNotFound } from './app/routes/product';
import ProductsPage from './app/routes/products';
import PurchasePage from './app/routes/purchase';
import SignupPage from './app/routes/signup';
import { reviewsQueryOptions } from './features/reviews/api/get-reviews';
import { productQueryOptions, productSearchQueryOptions } from './lib/catalogue-query';
import { productKeys } from './lib/product-keys';
import { createQueryClient } from './lib/query-client';
import { bootScripts, deferScripts, scriptJson, TITLE } from './document-template';

const pages: Record<DocumentPage, ComponentType> = {
  '/': HomePage,
  '/products': ProductsPage,
  '/products/:id': ProductPage,
  '/blog': BlogPage,
  '/myportfolio': PortfolioPage,
  '/about': AboutPage,
  '/purchase/:id': PurchasePage,
  '/login': LoginPage,
  '/signup': SignupPage,
};

/** The places in apps/web/document.html the render fills. */
const MARK = { title: '<!--page-title-->', page: '<!--page-->', data: '<!--page-data-->' };

/** A page's own description, which React leaves where the page renders it. */
const DESCRIPTION = /<meta name="description" content="([^"]*)"\/>/;
const TEMPLATE_DESCRIPTION = /(<meta\s+name="description"\s+content=")[^"]*("\s*\/?>)/;

/**
 * Prepares the renderer once: `template` is the built document.html, `css` the styles of
 * everything this file renders, which go inline into the page's head (no request blocks the
 * first paint).
 */
export const createDocumentRenderer: DocumentRendererModule['createDocumentRenderer'] = (
  template,
  css,
) => {
  for (const mark of Object.values(MARK))
    if (!template.includes(mark)) throw new Error(`document.html has no ${mark}`);
  const deferred = deferScripts(template);
  // The built template links the islands' stylesheet; the inline styles already hold it.
  const head = deferred.template
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace('</head>', `<style>${css}</style>\n</head>`)
    .replace('</body>', `${bootScripts(deferred.scripts)}</body>`);

  if (!TEMPLATE_DESCRIPTION.test(head)) throw new Error('document.html has no description');

  return function renderDocument(path: DocumentPage, data: DocumentData, url = path): string {
    // The product page is rendered per product; without one (an unknown id), its 404 page.
    const Page = path === PRODUCT_PAGE && !data.product ? ProductNotFound : pages[path];
    const queryClient = createQueryClient();
    const pageData: PageData = {
      config: data.config,
      ...(data.visitor && { visitor: data.visitor }),
      ...(path === PURCHASE_PAGE && data.product && { purchaseProduct: data.product }),
    };
    seedPageData(queryClient, pageData);
    queryClient.setQueryData(productKeys.all, data.products);
    queryClient.setQueryData(productSearchQueryOptions({}).queryKey, data.productPage);
    if (data.product)
      queryClient.setQueryData(productQueryOptions(data.product._id).queryKey, data.product);
    queryClient.setQueryData(reviewsQueryOptions().queryKey, data.reviews);

    const wrap = (element: ReactElement) => (
      <StrictMode>
        <IslandProviders queryClient={queryClient} path={url} pageData={pageData}>
          {element}
        </IslandProviders>
      </StrictMode>
    );
    // Each island is a root of its own, as the browser hydrates it (components/island.tsx).
    const renderIsland: RenderIsland = (name, island) =>
      renderToString(wrap(island), { identifierPrefix: `${name}-` });
    let html = renderToString(
      wrap(
        <ServerIslandsProvider value={renderIsland}>
          <PageFrame>
            <Page />
          </PageFrame>
        </ServerIslandsProvider>,
      ),
    );
    // React leaves a <title> where the page renders it; a document's belongs in its head.
    const title = TITLE.exec(html)?.[1] ?? '';
    html = html.replace(TITLE, '');
    // The same for a page's description: it replaces the shop's own in the head.
    const description = DESCRIPTION.exec(html)?.[1];
    html = html.replace(DESCRIPTION, '');
    const pageHead =
      description === undefined
        ? head
        : head.replace(
            TEMPLATE_DESCRIPTION,
            (_all, start: string, end: string) => `${start}${description}${end}`,
          );
    return pageHead
      .replace(MARK.title, title)
      .replace(MARK.page, html)
      .replace(
        MARK.data,
        `<script type="application/json" id="${PAGE_DATA_ID}">${scriptJson(pageData)}</script>`,
      );
  };
};
