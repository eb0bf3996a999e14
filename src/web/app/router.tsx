import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PAGES } from '@/domain/pages';
import { HomePage } from '@/web/pages/home-page';
import { NotFoundPage } from '@/web/pages/not-found-page';
import { PublicLayout } from './layouts/public-layout';

/**
 * Every path comes from domain/pages.ts, which the server reads too: a path not there is
 * answered 404, and shows NotFoundPage inside the storefront's header and footer.
 *
 * Only the home page and the 404 page come with the first download: every other page loads
 * on demand, one chunk each (the transform page with its checkout is a quarter of the app),
 * so the first page a visitor opens stays within its JavaScript budget (e2e/js-budget).
 * The back office is never in a visitor's download; the owner fetches only the screens they
 * open.
 */
const lazyPage =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

function PageLoading() {
  return <div className="min-h-dvh bg-background" aria-busy="true" />;
}

const routes: RouteObject[] = [
  {
    element: <PublicLayout />,
    children: [
      { path: PAGES.home.path, element: <HomePage /> },
      { path: PAGES.transform.path, lazy: lazyPage(() => import('@/web/pages/transform-page'), 'TransformPage') },
      {
        path: PAGES.paymentSuccess.path,
        lazy: lazyPage(() => import('@/web/pages/payment-success-page'), 'PaymentSuccessPage'),
      },
      {
        path: PAGES.paymentCancelled.path,
        lazy: lazyPage(() => import('@/web/pages/payment-cancelled-page'), 'PaymentCancelledPage'),
      },
      {
        path: PAGES.orderStatusWithoutId.path,
        lazy: lazyPage(() => import('@/web/pages/order-status-page'), 'OrderStatusPage'),
      },
      {
        path: PAGES.orderStatus.path,
        lazy: lazyPage(() => import('@/web/pages/order-status-page'), 'OrderStatusPage'),
      },
      { path: PAGES.findOrder.path, lazy: lazyPage(() => import('@/web/pages/find-order-page'), 'FindOrderPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: PAGES.thumbnail.path, lazy: lazyPage(() => import('@/web/pages/thumbnail-page'), 'ThumbnailPage') },
  { path: PAGES.adminLogin.path, lazy: lazyPage(() => import('@/web/pages/admin/login-page'), 'AdminLoginPage') },
  {
    path: PAGES.adminUnauthorized.path,
    lazy: lazyPage(() => import('@/web/pages/admin/unauthorized-page'), 'AdminUnauthorizedPage'),
  },
  {
    path: PAGES.adminDashboard.path,
    lazy: lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout'),
    children: [
      { index: true, lazy: lazyPage(() => import('@/web/pages/admin/dashboard-page'), 'DashboardPage') },
      { path: PAGES.adminContent.path, lazy: lazyPage(() => import('@/web/pages/admin/content-page'), 'ContentPage') },
      {
        path: PAGES.adminLandingPages.path,
        lazy: lazyPage(() => import('@/web/pages/admin/landing-pages-page'), 'LandingPagesPage'),
      },
      { path: PAGES.adminStyles.path, lazy: lazyPage(() => import('@/web/pages/admin/styles-page'), 'StylesPage') },
      {
        path: PAGES.adminTransformations.path,
        lazy: lazyPage(() => import('@/web/pages/admin/transformations-page'), 'TransformationsPage'),
      },
      {
        path: PAGES.adminProducts.path,
        lazy: lazyPage(() => import('@/web/pages/admin/products-page'), 'ProductsPage'),
      },
      { path: PAGES.adminOrders.path, lazy: lazyPage(() => import('@/web/pages/admin/orders-page'), 'OrdersPage') },
      { path: PAGES.adminEmails.path, lazy: lazyPage(() => import('@/web/pages/admin/emails-page'), 'EmailsPage') },
      {
        path: PAGES.adminOrder.path,
        lazy: lazyPage(() => import('@/web/pages/admin/order-detail-page'), 'OrderDetailPage'),
      },
      {
        path: PAGES.adminAnalytics.path,
        lazy: lazyPage(() => import('@/web/pages/admin/analytics-page'), 'AnalyticsPage'),
      },
      {
        path: PAGES.adminSettings.path,
        lazy: lazyPage(() => import('@/web/pages/admin/settings-page'), 'SettingsPage'),
      },
    ],
  },
];

/**
 * One pathless root holds every route so that whichever page opens first, storefront or back
 * office, shows the same fallback while its chunk arrives (without one, React Router warns on
 * every lazy route it hydrates).
 */
export const router = createBrowserRouter([
  {
    // While a page's chunk arrives on the first load: the page's background, nothing more.
    HydrateFallback: PageLoading,
    children: routes,
  },
]);
