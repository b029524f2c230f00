import { isValidElement, Suspense } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { LoadDocument } from './layouts/load-document';
import { RootLayout } from './layouts/root-layout';
import { DashboardHome, RequireAdmin, RequireSession } from './require-session';
import { lazyPage, type LazyPage } from './lazy-page';

// Every page is its own chunk (lazyPage: React's lazy(), which preloadPages can ask for early).
// The public pages are documents the server renders (DOCUMENT_PAGES in @shop/shared): see
// LoadDocument.
const HomePage = lazyPage(() => import('./routes/home'));
const BlogPage = lazyPage(() => import('./routes/blog'));
const PortfolioPage = lazyPage(() => import('./routes/portfolio'));
const AboutPage = lazyPage(() => import('./routes/about'));
const NotFoundPage = lazyPage(() => import('./routes/not-found'));
const LoginPage = lazyPage(() => import('./routes/login'));
const SignupPage = lazyPage(() => import('./routes/signup'));
const ResetPasswordPage = lazyPage(() => import('./routes/reset-password'));
const EmailVerifiedPage = lazyPage(() => import('./routes/email-verified'));
const PopupCompletePage = lazyPage(() => import('./routes/popup-complete'));
const DashboardLayout = lazyPage(() => import('./layouts/dashboard-layout'));
const PurchasePage = lazyPage(() => import('./routes/purchase'));
const CartPage = lazyPage(() => import('./routes/cart'));
const MyOrdersPage = lazyPage(() => import('./routes/my-orders'));
const PurchaseDetailsPage = lazyPage(() => import('./routes/purchase-details'));
const ManageAllOrdersPage = lazyPage(() => import('./routes/manage-all-orders'));
// The Overview's charts (recharts) load with this page alone.
const OverviewPage = lazyPage(() => import('./routes/overview'));
const PaymentPage = lazyPage(() => import('./routes/payment'));
const ProductsPage = lazyPage(() => import('./routes/products'));
const ProductPage = lazyPage(() => import('./routes/product'));
const AddReviewPage = lazyPage(() => import('./routes/add-review'));
const ProfilePage = lazyPage(() => import('./routes/my-profile'));
const AddProductPage = lazyPage(() => import('./routes/add-product'));
const ManageProductsPage = lazyPage(() => import('./routes/manage-products'));
const EditProductPage = lazyPage(() => import('./routes/edit-product'));
const MakeAdminPage = lazyPage(() => import('./routes/make-admin'));
const ManageReviewsPage = lazyPage(() => import('./routes/manage-reviews'));
const AuditLogPage = lazyPage(() => import('./routes/audit-log'));
const MyCompanyPage = lazyPage(() => import('./routes/my-company'));
const ApprovalsPage = lazyPage(() => import('./routes/approvals'));
const InvitationsPage = lazyPage(() => import('./routes/invitations'));
const ManageCompaniesPage = lazyPage(() => import('./routes/manage-companies'));
const ManageCompanyPage = lazyPage(() => import('./routes/manage-company'));
const TaxPage = lazyPage(() => import('./routes/tax'));
const ManageShippingPage = lazyPage(() => import('./routes/manage-shipping'));

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
              { path: 'myorders', element: <MyOrdersPage /> },
              { path: 'purchases/:id', element: <PurchaseDetailsPage /> },
              { path: 'addreview', element: <AddReviewPage /> },
              // One page pays a line or a whole purchase (docs/decisions/029).
              { path: 'payment/:id', element: <PaymentPage of="order" /> },
              { path: 'payment/purchase/:id', element: <PaymentPage of="purchase" /> },
              { path: 'myprofile', element: <ProfilePage /> },
              { path: 'mycompany', element: <MyCompanyPage /> },
              { path: 'approvals', element: <ApprovalsPage /> },
              { path: 'invitations', element: <InvitationsPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'overview', element: <OverviewPage /> },
                  { path: 'manageallorders', element: <ManageAllOrdersPage /> },
                  { path: 'addproduct', element: <AddProductPage /> },
                  { path: 'manageproducts', element: <ManageProductsPage /> },
                  { path: 'manageproducts/:id/edit', element: <EditProductPage /> },
                  { path: 'makeadmin', element: <MakeAdminPage /> },
                  { path: 'managereviews', element: <ManageReviewsPage /> },
                  { path: 'auditlog', element: <AuditLogPage /> },
                  { path: 'companies', element: <ManageCompaniesPage /> },
                  { path: 'companies/:id', element: <ManageCompanyPage /> },
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

/**
 * Asks for the code of the pages the address renders (the dashboard's layout and the page, say),
 * all at once: main.tsx waits for them before the app's first render, so a page opened directly
 * renders at once, without a loading screen in between that it would then push away.
 */
export function preloadPages(pathname: string): Promise<unknown> {
  const pages = (matchRoutes(routes, pathname) ?? [])
    .map(({ route }) => (isValidElement(route.element) ? route.element.type : undefined))
    .filter(isLazyPage);
  return Promise.all(pages.map((page) => page.preload()));
}
