import type { ComponentType } from 'react';
import { createBrowserRouter } from 'react-router';
import { HomePage } from '@/web/pages/home-page';
import { NotFoundPage } from '@/web/pages/not-found-page';
import { OrderStatusPage } from '@/web/pages/order-status-page';
import { PaymentCancelledPage } from '@/web/pages/payment-cancelled-page';
import { PaymentSuccessPage } from '@/web/pages/payment-success-page';
import { ThumbnailPage } from '@/web/pages/thumbnail-page';
import { TransformPage } from '@/web/pages/transform-page';
import { PublicLayout } from './layouts/public-layout';

/**
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
      { path: '/', element: <HomePage /> },
      { path: '/transform', element: <TransformPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/payment-cancelled', element: <PaymentCancelledPage /> },
      { path: '/order-status', element: <OrderStatusPage /> },
      { path: '/order-status/:orderId', element: <OrderStatusPage /> },
    ],
  },
  { path: '/transform/thumbnail', element: <ThumbnailPage /> },
  { path: '/admin/login', lazy: lazyPage(() => import('@/web/pages/admin/login-page'), 'AdminLoginPage') },
  {
    path: '/admin/unauthorized',
    lazy: lazyPage(() => import('@/web/pages/admin/unauthorized-page'), 'AdminUnauthorizedPage'),
  },
  {
    path: '/admin',
    lazy: lazyPage(() => import('./layouts/admin-layout'), 'AdminLayout'),
    children: [
      { index: true, lazy: lazyPage(() => import('@/web/pages/admin/dashboard-page'), 'DashboardPage') },
      { path: 'content', lazy: lazyPage(() => import('@/web/pages/admin/content-page'), 'ContentPage') },
      {
        path: 'landing-pages',
        lazy: lazyPage(() => import('@/web/pages/admin/landing-pages-page'), 'LandingPagesPage'),
      },
      { path: 'styles', lazy: lazyPage(() => import('@/web/pages/admin/styles-page'), 'StylesPage') },
      {
        path: 'transformations',
        lazy: lazyPage(() => import('@/web/pages/admin/transformations-page'), 'TransformationsPage'),
      },
      { path: 'products', lazy: lazyPage(() => import('@/web/pages/admin/products-page'), 'ProductsPage') },
      { path: 'orders', lazy: lazyPage(() => import('@/web/pages/admin/orders-page'), 'OrdersPage') },
      { path: 'emails', lazy: lazyPage(() => import('@/web/pages/admin/emails-page'), 'EmailsPage') },
      {
        path: 'orders/:orderId',
        lazy: lazyPage(() => import('@/web/pages/admin/order-detail-page'), 'OrderDetailPage'),
      },
      { path: 'analytics', lazy: lazyPage(() => import('@/web/pages/admin/analytics-page'), 'AnalyticsPage') },
      { path: 'settings', lazy: lazyPage(() => import('@/web/pages/admin/settings-page'), 'SettingsPage') },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
