/**
 * The back office's frame (admin §2 Admin layout): the guard, then a sidebar with the
 * screens, the signed-in e-mail and Sign Out, and the page beside it. Loaded on demand.
 */
import { PAGES } from '@/domain/pages';
import {
  BarChart3,
  FileText,
  Images,
  LayoutDashboard,
  Loader2,
  LogOut,
  Package,
  Palette,
  PanelsTopLeft,
  Settings,
  ShoppingCart,
  type LucideIcon,
} from 'lucide-react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { RequireAdmin } from '@/web/features/auth/components/require-admin';
import { useAdminAuth } from '@/web/features/auth/hooks/use-admin-auth';
import { useSignOutAction } from '@/web/features/auth/hooks/use-sign-out-action';
import { useSite } from '@/web/features/site/api/get-site';
import { usePageHead } from '@/web/features/site/lib/use-page-head';
import { Button } from '@/web/components/ui/button';
import {
  Sidebar,
  SidebarContent,
  SidebarFooter,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from '@/web/components/ui/sidebar';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/web/components/ui/tooltip';

interface Screen {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
}

const SCREENS: Screen[] = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/content', label: 'Content', icon: FileText },
  { to: '/admin/landing-pages', label: 'Landing Pages', icon: PanelsTopLeft },
  { to: '/admin/styles', label: 'Art Styles', icon: Palette },
  { to: '/admin/transformations', label: 'Transformations', icon: Images },
  { to: '/admin/products', label: 'Products', icon: Package },
  { to: '/admin/orders', label: 'Orders', icon: ShoppingCart },
  { to: '/admin/analytics', label: 'Analytics', icon: BarChart3 },
  { to: '/admin/settings', label: 'Settings', icon: Settings },
];

export function AdminLayout() {
  return (
    <RequireAdmin>
      <AdminFrame />
    </RequireAdmin>
  );
}

function AdminFrame() {
  const { data: site } = useSite();
  const siteName = site?.siteName ?? 'Wanderer';
  usePageHead(PAGES.adminDashboard);
  const { pathname } = useLocation();
  const current = [...SCREENS]
    .reverse()
    .find((screen) => (screen.end ? pathname === screen.to : pathname.startsWith(screen.to)));

  return (
    <SidebarProvider>
      <Sidebar label="Admin navigation">
        <SidebarHeader>
          <Link
            to="/admin"
            className="flex h-10 items-center gap-2 rounded-md px-1.5 font-display text-lg font-semibold text-primary"
          >
            <img src="/favicon.svg" alt="" className="size-7 shrink-0" />
            <span className="truncate group-data-[state=collapsed]/sidebar:hidden">{siteName} Admin</span>
          </Link>
        </SidebarHeader>
        <SidebarContent>
          <SidebarGroup>
            <SidebarGroupLabel>Manage</SidebarGroupLabel>
            <SidebarMenu>
              {SCREENS.map((screen) => (
                <ScreenLink key={screen.to} screen={screen} active={screen === current} />
              ))}
            </SidebarMenu>
          </SidebarGroup>
        </SidebarContent>
        <SidebarFooter>
          <SignedInFooter />
        </SidebarFooter>
      </Sidebar>
      <SidebarInset>
        <header className="sticky top-0 z-20 flex h-14 items-center gap-3 border-b bg-background/85 px-3 backdrop-blur md:px-5">
          <SidebarTrigger />
          <span className="h-5 w-px bg-border" aria-hidden />
          <span className="truncate text-sm font-medium text-muted-foreground">{current?.label ?? 'Admin'}</span>
        </header>
        <div className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 md:px-6 md:py-8">
          <Outlet />
        </div>
      </SidebarInset>
    </SidebarProvider>
  );
}

function ScreenLink({ screen, active }: { screen: Screen; active: boolean }) {
  const { isMobile, setOpenMobile } = useSidebar();
  const Icon = screen.icon;
  return (
    <SidebarMenuItem>
      <SidebarMenuButton asChild isActive={active} tooltip={screen.label}>
        <NavLink to={screen.to} end={screen.end} onClick={() => isMobile && setOpenMobile(false)}>
          <Icon aria-hidden />
          <span>{screen.label}</span>
        </NavLink>
      </SidebarMenuButton>
    </SidebarMenuItem>
  );
}

function SignedInFooter() {
  const { user } = useAdminAuth();
  const { state, isMobile } = useSidebar();
  const { signOut, pending } = useSignOutAction();
  const icon = pending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />;

  if (state === 'collapsed' && !isMobile) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <Button
            variant="ghost"
            size="icon"
            className="size-8"
            onClick={signOut}
            disabled={pending}
            aria-label="Sign Out"
          >
            {icon}
          </Button>
        </TooltipTrigger>
        <TooltipContent side="right">Sign Out ({user?.email})</TooltipContent>
      </Tooltip>
    );
  }
  return (
    <div className="flex flex-col gap-2 p-1">
      <div className="min-w-0">
        <p className="text-xs text-muted-foreground">Signed in as</p>
        <p className="truncate text-sm font-medium" data-testid="admin-email" title={user?.email}>
          {user?.email}
        </p>
      </div>
      <Button variant="outline" size="sm" onClick={signOut} disabled={pending}>
        {icon}
        Sign Out
      </Button>
    </div>
  );
}
