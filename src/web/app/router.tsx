import { createBrowserRouter } from 'react-router';
import { HomePage } from '@/web/pages/home-page';
import { NotFoundPage } from '@/web/pages/not-found-page';
import { OrderStatusPage } from '@/web/pages/order-status-page';
import { PaymentCancelledPage } from '@/web/pages/payment-cancelled-page';
import { PaymentSuccessPage } from '@/web/pages/payment-success-page';
import { ThumbnailPage } from '@/web/pages/thumbnail-page';
import { TransformPage } from '@/web/pages/transform-page';
import { PublicLayout } from './layouts/public-layout';

/** The back office loads on demand: a visitor's bundle never carries it. */
const admin = (name: keyof typeof import('@/web/pages/admin/admin-pages')) => async () => {
  const pages = await import('@/web/pages/admin/admin-pages');
  return { Component: pages[name] };
};

export const router = createBrowserRouter([
  {
    element: <PublicLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/transform', element: <TransformPage /> },
      { path: '/payment-success', element: <PaymentSuccessPage /> },
      { path: '/payment-cancelled', element: <PaymentCancelledPage /> },
      { path: '/order-status/:orderId', element: <OrderStatusPage /> },
    ],
  },
  { path: '/transform/thumbnail', element: <ThumbnailPage /> },
  { path: '/admin/login', lazy: admin('AdminLoginPage') },
  { path: '/admin/unauthorized', lazy: admin('AdminUnauthorizedPage') },
  {
    path: '/admin',
    lazy: admin('AdminLayout'),
    children: [
      { index: true, lazy: admin('DashboardPage') },
      { path: 'content', lazy: admin('ContentPage') },
      { path: 'landing-pages', lazy: admin('LandingPagesPage') },
      { path: 'styles', lazy: admin('StylesPage') },
      { path: 'transformations', lazy: admin('TransformationsPage') },
      { path: 'products', lazy: admin('ProductsPage') },
      { path: 'orders', lazy: admin('OrdersPage') },
      { path: 'orders/:orderId', lazy: admin('OrderDetailPage') },
      { path: 'analytics', lazy: admin('AnalyticsPage') },
      { path: 'settings', lazy: admin('SettingsPage') },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
]);
