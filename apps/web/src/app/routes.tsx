import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { LoadDocument } from './layouts/load-document';
import { RootLayout } from './layouts/root-layout';
import { DashboardHome, RequireAdmin, RequireSession } from './require-session';

// Every page is its own chunk.
// The public pages are documents the server renders (DOCUMENT_PAGES in @shop/shared): see
// LoadDocument.
const HomePage = lazy(() => import('./routes/home'));
const BlogPage = lazy(() => import('./routes/blog'));
const PortfolioPage = lazy(() => import('./routes/portfolio'));
const AboutPage = lazy(() => import('./routes/about'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const LoginPage = lazy(() => import('./routes/login'));
const SignupPage = lazy(() => import('./routes/signup'));
const ResetPasswordPage = lazy(() => import('./routes/reset-password'));
const EmailVerifiedPage = lazy(() => import('./routes/email-verified'));
const PopupCompletePage = lazy(() => import('./routes/popup-complete'));
const DashboardLayout = lazy(() => import('./layouts/dashboard-layout'));
const PurchasePage = lazy(() => import('./routes/purchase'));
const CartPage = lazy(() => import('./routes/cart'));
const MyOrdersPage = lazy(() => import('./routes/my-orders'));
const PurchaseDetailsPage = lazy(() => import('./routes/purchase-details'));
const ManageAllOrdersPage = lazy(() => import('./routes/manage-all-orders'));
// The Overview's charts (recharts) load with this page alone.
const OverviewPage = lazy(() => import('./routes/overview'));
const PaymentPage = lazy(() => import('./routes/payment'));
const ProductsPage = lazy(() => import('./routes/products'));
const ProductPage = lazy(() => import('./routes/product'));
const AddReviewPage = lazy(() => import('./routes/add-review'));
const ProfilePage = lazy(() => import('./routes/my-profile'));
const AddProductPage = lazy(() => import('./routes/add-product'));
const ManageProductsPage = lazy(() => import('./routes/manage-products'));
const EditProductPage = lazy(() => import('./routes/edit-product'));
const MakeAdminPage = lazy(() => import('./routes/make-admin'));
const ManageReviewsPage = lazy(() => import('./routes/manage-reviews'));
const AuditLogPage = lazy(() => import('./routes/audit-log'));
const MyCompanyPage = lazy(() => import('./routes/my-company'));
const ApprovalsPage = lazy(() => import('./routes/approvals'));
const InvitationsPage = lazy(() => import('./routes/invitations'));
const ManageCompaniesPage = lazy(() => import('./routes/manage-companies'));
const ManageShippingPage = lazy(() => import('./routes/manage-shipping'));
const ManageCompanyPage = lazy(() => import('./routes/manage-company'));

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
