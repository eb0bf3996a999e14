/**
 * The web app's pages (storefront §2, admin §2) in one place: the router routes these paths,
 * the server answers any other path 404, and both give each page the same title and
 * description, the server in the HTML it sends (for link previews and crawlers), the app in
 * the tab as the visitor moves around.
 */

export interface Page {
  /** A react-router path: `:name` stands for one segment. */
  path: string;
  title: (siteName: string) => string;
  description: string;
  /** Listed in the sitemap and open to search engines; every other page asks not to be indexed. */
  public?: boolean;
}

/**
 * The picture a shared link shows (og:image): /transform/thumbnail's card as a PNG, drawn by
 * the server at the spec's 1200×630.
 */
export const SHARE_IMAGE = {
  path: '/share-image.png',
  width: 1200,
  height: 630,
  alt: 'An original travel photo beside the artwork made from it, under the words Print your journey',
} as const;

export const TAGLINE =
  'Turn your travel photos into personal artwork. Print your journey and support local artists in the places you travelled.';

const storefront = (title: string) => (siteName: string) => `${title} · ${siteName}`;
/** Admin §1: every back-office screen is titled 'Admin Dashboard - {site name}'. */
const backOffice = (siteName: string) => `Admin Dashboard - ${siteName}`;
const BACK_OFFICE_DESCRIPTION = 'The shop owner’s back office.';

const adminScreen = (path: string): Page => ({ path, title: backOffice, description: BACK_OFFICE_DESCRIPTION });

export const PAGES = {
  home: {
    path: '/',
    title: (siteName) => `${siteName} · Turn your travel photos into artwork`,
    description: TAGLINE,
    public: true,
  },
  transform: {
    path: '/transform',
    title: storefront('Create your artwork'),
    description: 'Upload a travel photo, choose an art style, and see your artwork on mugs, posters and more.',
    public: true,
  },
  thumbnail: {
    path: '/transform/thumbnail',
    title: storefront('Print your journey'),
    description: 'Turn your travel photos into personal artwork.',
  },
  paymentSuccess: {
    path: '/payment-success',
    title: storefront('Your order'),
    description: 'Your order, its items and what happens next.',
  },
  paymentCancelled: {
    path: '/payment-cancelled',
    title: storefront('Payment Cancelled'),
    description: 'No charges were made; your order is saved but unpaid.',
  },
  orderStatusWithoutId: {
    path: '/order-status',
    title: storefront('Order status'),
    description: 'Where your order is: its status, progress and items.',
  },
  orderStatus: {
    path: '/order-status/:orderId',
    title: storefront('Order status'),
    description: 'Where your order is: its status, progress and items.',
  },
  findOrder: {
    path: '/find-order',
    title: storefront('Find my order'),
    description: 'Look up your order with your email address and order number, and see where it is.',
    public: true,
  },
  adminLogin: adminScreen('/admin/login'),
  adminUnauthorized: adminScreen('/admin/unauthorized'),
  adminDashboard: adminScreen('/admin'),
  adminContent: adminScreen('/admin/content'),
  adminLandingPages: adminScreen('/admin/landing-pages'),
  adminStyles: adminScreen('/admin/styles'),
  adminTransformations: adminScreen('/admin/transformations'),
  adminProducts: adminScreen('/admin/products'),
  adminOrders: adminScreen('/admin/orders'),
  adminOrder: adminScreen('/admin/orders/:orderId'),
  adminEmails: adminScreen('/admin/emails'),
  adminAnalytics: adminScreen('/admin/analytics'),
  adminSettings: adminScreen('/admin/settings'),
} satisfies Record<string, Page>;

/** Storefront §2: the catch-all page, for every path not above. */
export const NOT_FOUND_PAGE: Page = {
  path: '*',
  title: storefront('Page not found'),
  description: 'Oops! Page not found',
};

const segments = (path: string) => path.split('/').filter(Boolean);

/** The page a path shows, matched as the router matches it: case-insensitive, a trailing slash ignored. */
export function findPage(pathname: string): Page | undefined {
  const parts = segments(pathname.toLowerCase());
  return Object.values(PAGES).find((page: Page) => {
    const pattern = segments(page.path);
    return (
      pattern.length === parts.length &&
      pattern.every((segment, i) => segment.startsWith(':') || segment.toLowerCase() === parts[i])
    );
  });
}

/** Public pages for the sitemap, home first. */
export const PUBLIC_PAGES: Page[] = Object.values(PAGES).filter((page: Page) => page.public);
