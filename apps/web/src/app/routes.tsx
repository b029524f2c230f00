import { isValidElement, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoadDocument } from './layouts/load-document';
import { RootLayout } from './layouts/root-layout';
import { DashboardHome, RequireAdmin, RequireSession } from './require-session';
import { lazyPage, type LazyPage } from './lazy-page';

// Every page is its own chunk (lazyPage: React's lazy(), which preloadPages can ask for early).
// The public pages are documents the server renders (DOCUMENT_PAGES in @shop/shared): see
// LoadDocument.
const HomePage = lazyPage(() => import('./routes/home'), 'src/app/routes/home.tsx');
const BlogPage = lazyPage(() => import('./routes/blog'), 'src/app/routes/blog.tsx');
const PortfolioPage = lazyPage(() => import('./routes/portfolio'), 'src/app/routes/portfolio.tsx');
const AboutPage = lazyPage(() => import('./routes/about'), 'src/app/routes/about.tsx');
const NotFoundPage = lazyPage(() => import('./routes/not-found'), 'src/app/routes/not-found.tsx');
const LoginPage = lazyPage(() => import('./routes/login'), 'src/app/routes/login.tsx');
const SignupPage = lazyPage(() => import('./routes/signup'), 'src/app/routes/signup.tsx');
const ResetPasswordPage = lazyPage(
  () => import('./routes/reset-password'),
  'src/app/routes/reset-password.tsx',
);
const EmailVerifiedPage = lazyPage(
  () => import('./routes/email-verified'),
  'src/app/routes/email-verified.tsx',
);
const PopupCompletePage = lazyPage(
  () => import('./routes/popup-complete'),
  'src/app/routes/popup-complete.tsx',
);
const DashboardLayout = lazyPage(
  () => import('./layouts/dashboard-layout'),
  'src/app/layouts/dashboard-layout.tsx',
);
const PurchasePage = lazyPage(() => import('./routes/purchase'), 'src/app/routes/purchase.tsx');
const CartPage = lazyPage(() => import('./routes/cart'), 'src/app/routes/cart.tsx');
const MyOrdersPage = lazyPage(() => import('./routes/my-orders'), 'src/app/routes/my-orders.tsx');
const PurchaseDetailsPage = lazyPage(
  () => import('./routes/purchase-details'),
  'src/app/routes/purchase-details.tsx',
);
const ManageAllOrdersPage = lazyPage(
  () => import('./routes/manage-all-orders'),
  'src/app/routes/manage-all-orders.tsx',
);
// The Overview's charts (recharts) load with this page alone.
const OverviewPage = lazyPage(() => import('./routes/overview'), 'src/app/routes/overview.tsx');
const PaymentPage = lazyPage(() => import('./routes/payment'), 'src/app/routes/payment.tsx');
const ProductsPage = lazyPage(() => import('./routes/products'), 'src/app/routes/products.tsx');
const ProductPage = lazyPage(() => import('./routes/product'), 'src/app/routes/product.tsx');
const AddReviewPage = lazyPage(
  () => import('./routes/add-review'),
  'src/app/routes/add-review.tsx',
);
const ProfilePage = lazyPage(() => import('./routes/my-profile'), 'src/app/routes/my-profile.tsx');
const AddProductPage = lazyPage(
  () => import('./routes/add-product'),
  'src/app/routes/add-product.tsx',
);
const ManageProductsPage = lazyPage(
  () => import('./routes/manage-products'),
  'src/app/routes/manage-products.tsx',
);
const EditProductPage = lazyPage(
  () => import('./routes/edit-product'),
  'src/app/routes/edit-product.tsx',
);
const MakeAdminPage = lazyPage(
  () => import('./routes/make-admin'),
  'src/app/routes/make-admin.tsx',
);
const ManageReviewsPage = lazyPage(
  () => import('./routes/manage-reviews'),
  'src/app/routes/manage-reviews.tsx',
);
const AuditLogPage = lazyPage(() => import('./routes/audit-log'), 'src/app/routes/audit-log.tsx');
const JobsPage = lazyPage(() => import('./routes/jobs'), 'src/app/routes/jobs.tsx');
const MyCompanyPage = lazyPage(
  () => import('./routes/my-company'),
  'src/app/routes/my-company.tsx',
);
const ApprovalsPage = lazyPage(() => import('./routes/approvals'), 'src/app/routes/approvals.tsx');
const InvitationsPage = lazyPage(
  () => import('./routes/invitations'),
  'src/app/routes/invitations.tsx',
);
const ManageCompaniesPage = lazyPage(
  () => import('./routes/manage-companies'),
  'src/app/routes/manage-companies.tsx',
);
const ReceivablesPage = lazyPage(
  () => import('./routes/receivables'),
  'src/app/routes/receivables.tsx',
);
const ManageCompanyPage = lazyPage(
  () => import('./routes/manage-company'),
  'src/app/routes/manage-company.tsx',
);
const QuotesPage = lazyPage(() => import('./routes/quotes'), 'src/app/routes/quotes.tsx');
const QuotePage = lazyPage(() => import('./routes/quote'), 'src/app/routes/quote.tsx');
const TaxPage = lazyPage(() => import('./routes/tax'), 'src/app/routes/tax.tsx');
const ApiKeysPage = lazyPage(() => import('./routes/api-keys'), 'src/app/routes/api-keys.tsx');
const WebhooksPage = lazyPage(() => import('./routes/webhooks'), 'src/app/routes/webhooks.tsx');
const ManageShippingPage = lazyPage(
  () => import('./routes/manage-shipping'),
  'src/app/routes/manage-shipping.tsx',
);

/**
 * The `handle` of a page the server draws for the signed-in visitor of the session cookie
 * (entry-app-server.tsx, docs/decisions/037), which the browser then hydrates: a page whose first
 * render, from the visitor alone (their session and role, nothing else loaded), is the same on
 * both sides: what it waits for is drawn as its room (skeletons sized by classes, no style
 * attribute), and nothing in it suspends (a chunk of its own would be drawn again by the browser).
 * A hydration test (entry-app-server.test.tsx) holds every page marked so.
 */
const DRAWN_FOR_VISITOR = { drawnForVisitor: true } as const;

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <LoadDocument page={HomePage} /> },
      { path: 'login', element: <LoadDocument page={LoginPage} /> },
      { path: 'signup', element: <LoadDocument page={SignupPage} /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'email-verified', element: <EmailVerifiedPage /> },
      { path: 'blog', element: <LoadDocument page={BlogPage} /> },
      { path: 'myportfolio', element: <LoadDocument page={PortfolioPage} /> },
      { path: 'about', element: <LoadDocument page={AboutPage} /> },
      { path: 'products', element: <LoadDocument page={ProductsPage} /> },
      { path: 'products/:id', element: <LoadDocument page={ProductPage} /> },
      // Guarded in the page itself, which the server renders as its Loading... screen.
      { path: 'purchase/:id', element: <LoadDocument page={PurchasePage} /> },
      // Open to everyone: the page itself asks for a sign-in at checkout.
      { path: 'cart', element: <CartPage /> },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardHome /> },
              { path: 'myorders', element: <MyOrdersPage />, handle: DRAWN_FOR_VISITOR },
              { path: 'purchases/:id', element: <PurchaseDetailsPage /> },
              { path: 'addreview', element: <AddReviewPage /> },
              // One page pays a line, a whole purchase or invoices on account (docs/decisions/029).
              { path: 'payment/:id', element: <PaymentPage of="order" /> },
              { path: 'payment/purchase/:id', element: <PaymentPage of="purchase" /> },
              { path: 'payment/invoices', element: <PaymentPage of="invoices" /> },
              { path: 'myprofile', element: <ProfilePage /> },
              { path: 'mycompany', element: <MyCompanyPage /> },
              { path: 'approvals', element: <ApprovalsPage /> },
              { path: 'invitations', element: <InvitationsPage /> },
              // Quotes (issue 31): the customer's and, for the admin, every one.
              { path: 'quotes', element: <QuotesPage /> },
              { path: 'quotes/:id', element: <QuotePage /> },
              // API keys (issue 32): a company owner's, and for the admin the shop's and all.
              { path: 'api-keys', element: <ApiKeysPage /> },
              { path: 'webhooks', element: <WebhooksPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'overview', element: <OverviewPage /> },
                  { path: 'manageallorders', element: <ManageAllOrdersPage /> },
                  { path: 'addproduct', element: <AddProductPage /> },
                  { path: 'manageproducts', element: <ManageProductsPage /> },
                  { path: 'manageproducts/:id/edit', element: <EditProductPage /> },
                  { path: 'makeadmin', element: <MakeAdminPage /> },
                  {
                    path: 'managereviews',
                    element: <ManageReviewsPage />,
                    handle: DRAWN_FOR_VISITOR,
                  },
                  { path: 'auditlog', element: <AuditLogPage />, handle: DRAWN_FOR_VISITOR },
                  { path: 'jobs', element: <JobsPage />, handle: DRAWN_FOR_VISITOR },
                  { path: 'companies', element: <ManageCompaniesPage /> },
                  { path: 'companies/:id', element: <ManageCompanyPage /> },
                  { path: 'receivables', element: <ReceivablesPage /> },
                  { path: 'tax', element: <TaxPage /> },
                  { path: 'shipping', element: <ManageShippingPage /> },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  {
    // The Google popup's last page: no navigation or footer, it only reports back and closes.
    path: '/auth/popup-complete',
    element: <Suspense fallback={null}>{<PopupCompletePage />}</Suspense>,
  },
];

const isLazyPage = (type: unknown): type is LazyPage<object> =>
  typeof type === 'function' && 'preload' in type;

/** The pages (chunks of their own) an address renders: the dashboard's layout and the page. */
export function pagesOf(pathname: string): LazyPage<object>[] {
  return (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (isValidElement(route.element) ? route.element.type : undefined))
    .filter(isLazyPage);
}

/**
 * Asks for the code of the pages the address renders (the dashboard's layout and the page, say),
 * all at once: main.tsx waits for them before the app's first render, so a page opened directly
 * renders at once, without a loading screen in between that it would then push away.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  return Promise.all(pagesOf(pathname).map((page) => page.preload()));
}

/**
 * Whether the server draws the page of this address for a signed-in visitor (DRAWN_FOR_VISITOR):
 * not an admin's page for someone who is not one (the browser signs them out, SPEC section 6).
 */
export function drawnForVisitor(pathname: string, isAdmin: boolean): boolean {
  const matched = matchRoutes(routes, pathname) ?? [];
  const page = matched.at(-1)?.route.handle as typeof DRAWN_FOR_VISITOR | undefined;
  if (!page?.drawnForVisitor) return false;
  const adminOnly = matched.some(
    ({ route }) => isValidElement(route.element) && route.element.type === RequireAdmin,
  );
  return isAdmin || !adminOnly;
}

/** The route patterns of the pages the server draws for the visitor (DRAWN_FOR_VISITOR). */
export function pathsDrawnForVisitor(list: RouteObject[] = routes, parent = ''): string[] {
  return list.flatMap((route) => {
    const path = route.path
      ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`
      : parent;
    const own = (route.handle as typeof DRAWN_FOR_VISITOR | undefined)?.drawnForVisitor
      ? [path]
      : [];
    return [...own, ...pathsDrawnForVisitor(route.children ?? [], path)];
  });
}
