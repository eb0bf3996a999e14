/** /admin (admin §2 Dashboard): a card for each area of the back office; Orders shows today's orders and those needing attention. */
import {
  ArrowRight,
  BarChart3,
  FileText,
  Package,
  Palette,
  PanelsTopLeft,
  Settings,
  ShoppingCart,
  type LucideIcon,
} from 'lucide-react';
import { Link } from 'react-router';
import { Card, CardDescription, CardHeader, CardTitle } from '@/web/components/ui/card';
import { AnalyticsCardFigures } from '@/web/features/admin-analytics/components/analytics-card-figures';
import { OrdersCardFigures } from '@/web/features/admin-orders/components/orders-card-figures';

const AREAS: Array<{ to: string; title: string; description: string; icon: LucideIcon }> = [
  {
    to: '/admin/content',
    title: 'Content',
    description: 'The home page hero and the example transformations it shows.',
    icon: FileText,
  },
  {
    to: '/admin/styles',
    title: 'Art Styles',
    description: 'The styles visitors pick from, their previews and engines.',
    icon: Palette,
  },
  {
    to: '/admin/products',
    title: 'Products',
    description: 'The printable products, their prices and the catalog.',
    icon: Package,
  },
  {
    to: '/admin/landing-pages',
    title: 'Landing Pages',
    description: 'Campaign pages for your shop.',
    icon: PanelsTopLeft,
  },
  {
    to: '/admin/orders',
    title: 'Orders',
    description: 'Paid orders, confirmation e-mails and fulfilment.',
    icon: ShoppingCart,
  },
  {
    to: '/admin/analytics',
    title: 'Analytics',
    description: 'What sells, what converts, and where visitors stop.',
    icon: BarChart3,
  },
  {
    to: '/admin/settings',
    title: 'Settings',
    description: 'Integrations, their status, and API keys.',
    icon: Settings,
  },
];

export function DashboardPage() {
  return (
    <div className="flex flex-col gap-6">
      <div>
        <h1 className="text-3xl font-semibold">Dashboard</h1>
        <p className="mt-1 text-muted-foreground">Everything that runs the shop, one click away.</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {AREAS.map(({ to, title, description, icon: Icon }) => (
          // The title's link stretches over the whole card, so a card can hold links of its own.
          <Card
            key={to}
            className="group relative h-full transition-shadow hover:shadow-md"
            data-testid="dashboard-card"
          >
            <CardHeader>
              <div className="flex items-center justify-between">
                <span className="grid size-10 place-items-center rounded-lg bg-primary/10 text-primary">
                  <Icon className="size-5" aria-hidden />
                </span>
                <ArrowRight
                  className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                  aria-hidden
                />
              </div>
              <CardTitle className="mt-3 text-lg">
                <Link
                  to={to}
                  className="rounded-xl after:absolute after:inset-0 after:rounded-xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                >
                  {title}
                </Link>
              </CardTitle>
              <CardDescription>{description}</CardDescription>
            </CardHeader>
            {to === '/admin/orders' ? (
              <OrdersCardFigures />
            ) : to === '/admin/analytics' ? (
              <AnalyticsCardFigures />
            ) : null}
          </Card>
        ))}
      </div>
    </div>
  );
}
