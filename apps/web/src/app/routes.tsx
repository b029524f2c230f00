import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { RootLayout } from './layouts/root-layout';
import { DashboardHome, RequireAdmin, RequireSession } from './require-session';
import { loadPurchasePage, PreparePurchase } from './routes/prepare-purchase';

// Every page is its own chunk: the first load carries the layout and the home page only.
const HomePage = lazy(() => import('./routes/home'));
const BlogPage = lazy(() => import('../features/content/components/blog-page'));
const PortfolioPage = lazy(() => import('../features/content/components/portfolio-page'));
const AboutPage = lazy(() => import('../features/content/components/about-page'));
const NotFoundPage = lazy(() => import('./routes/not-found'));
const LoginPage = lazy(() => import('../features/auth/components/login-page'));
const SignupPage = lazy(() => import('../features/auth/components/signup-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/components/reset-password-page'));
const EmailVerifiedPage = lazy(() => import('../features/auth/components/email-verified-page'));
const PopupCompletePage = lazy(() => import('../features/auth/components/popup-complete-page'));
const DashboardLayout = lazy(() => import('./layouts/dashboard-layout'));
const PurchasePage = lazy(loadPurchasePage);
const MyOrdersPage = lazy(() => import('./routes/my-orders'));
const ManageAllOrdersPage = lazy(() => import('./routes/manage-all-orders'));
const PaymentPage = lazy(() => import('../features/orders/components/payment/payment-page'));
const ProductsPage = lazy(() => import('../features/catalog/components/products-page'));
const AddReviewPage = lazy(() => import('../features/reviews/components/add-review-page'));
const ProfilePage = lazy(() => import('../features/profile/components/profile-page'));
const AddProductPage = lazy(() => import('../features/admin-catalog/components/add-product-page'));
const ManageProductsPage = lazy(
  () => import('../features/admin-catalog/components/manage-products-page'),
);
const MakeAdminPage = lazy(() => import('../features/admin-users/components/make-admin-page'));
const ManageReviewsPage = lazy(() => import('../features/reviews/components/manage-reviews-page'));
const AuditLogPage = lazy(() => import('../features/audit-log/components/audit-log-page'));

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'reset-password', element: <ResetPasswordPage /> },
      { path: 'email-verified', element: <EmailVerifiedPage /> },
      { path: 'blog', element: <BlogPage /> },
      { path: 'myportfolio', element: <PortfolioPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'products', element: <ProductsPage /> },
      {
        // The product and the page's code are asked for while the session is being checked.
        path: 'purchase/:id',
        element: <PreparePurchase />,
        children: [
          { element: <RequireSession />, children: [{ index: true, element: <PurchasePage /> }] },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          {
            path: 'dashboard',
            element: <DashboardLayout />,
            children: [
              { index: true, element: <DashboardHome /> },
              { path: 'myorders', element: <MyOrdersPage /> },
              { path: 'addreview', element: <AddReviewPage /> },
              { path: 'payment/:id', element: <PaymentPage /> },
              { path: 'myprofile', element: <ProfilePage /> },
              {
                element: <RequireAdmin />,
                children: [
                  { path: 'manageallorders', element: <ManageAllOrdersPage /> },
                  { path: 'addproduct', element: <AddProductPage /> },
                  { path: 'manageproducts', element: <ManageProductsPage /> },
                  { path: 'makeadmin', element: <MakeAdminPage /> },
                  { path: 'managereviews', element: <ManageReviewsPage /> },
                  { path: 'auditlog', element: <AuditLogPage /> },
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
    element: (
      <Suspense fallback={null}>
        <PopupCompletePage />
      </Suspense>
    ),
  },
];
