/** The back office's pages; the admin issue fills each one. */
import { Outlet } from 'react-router';
import { PageShell } from '@/web/components/page-shell';

export function AdminLayout() {
  return <Outlet />;
}

const shell = (title: string) =>
  function AdminPage() {
    return <PageShell title={title} />;
  };

export const AdminLoginPage = shell('Admin sign in');
export const AdminUnauthorizedPage = shell('Access Denied');
export const DashboardPage = shell('Dashboard');
export const ContentPage = shell('Content Management');
export const LandingPagesPage = shell('Landing Pages');
export const StylesPage = shell('Art Styles');
export const TransformationsPage = shell('Transformations');
export const ProductsPage = shell('Product Management');
export const OrdersPage = shell('Orders');
export const OrderDetailPage = shell('Order');
export const AnalyticsPage = shell('Analytics');
export const SettingsPage = shell('Settings');
