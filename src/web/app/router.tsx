import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { PAGES } from '@/domain/pages';
import { HomePage } from '@/web/pages/home-page';
import { NotFoundPage } from '@/web/pages/not-found-page';
import { OrderStatusPage } from '@/web/pages/order-status-page';
import { PaymentCancelledPage } from '@/web/pages/payment-cancelled-page';
import { PaymentSuccessPage } from '@/web/pages/payment-success-page';
import { ThumbnailPage } from '@/web/pages/thumbnail-page';
import { TransformPage } from '@/web/pages/transform-page';
import { PublicLayout } from './layouts/public-layout';

/**
 * Every path comes from domain/pages.ts, which the server reads too: a path not there is
 * answered 404, and shows NotFoundPage inside the storefront's header and footer.
 *
 * The back office loads on demand, one chunk per screen: a visitor's bundle never carries
 * it, and the owner downloads only the screens they open.
 */
const lazyPage =
  <M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) =>
  async () => ({ Component: (await load())[name] as ComponentType });

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: PAGES.home.path, element: <HomePage /> },
      { path: PAGES.transform.path, element: <TransformPage /> },
      { path: PAGES.paymentSuccess.path, element: <PaymentSuccessPage /> },
      { path: PAGES.paymentCancelled.path, element: <PaymentCancelledPage /> },
      { path: PAGES.orderStatusWithoutId.path, element: <OrderStatusPage /> },
      { path: PAGES.orderStatus.path, element: <OrderStatusPage /> },
      { path: PAGES.findOrder.path, lazy: lazyPage(() => import('@/web/pages/find-order-page'), 'FindOrderPage') },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
  { path: PAGES.thumbnail.path, element: <ThumbnailPage /> },
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
]);
