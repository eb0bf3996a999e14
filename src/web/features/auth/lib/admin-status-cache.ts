/**
 * The admin status remembered in this browser for an hour (admin §4 Admin status): used only
 * when the server's check fails, cleared on sign-out and by 'Refresh Admin Status'. The
 * server still checks every admin request; this only keeps the screen usable.
 */
import { ADMIN_STATUS_CACHE_MS } from '@/domain/auth';

const KEY = 'wanderer.admin-status';

interface CachedStatus {
  userId: string;
  isAdmin: boolean;
  checkedAt: number;
}

export function rememberAdminStatus(userId: string, isAdmin: boolean): void {
  try {
    localStorage.setItem(KEY, JSON.stringify({ userId, isAdmin, checkedAt: Date.now() } satisfies CachedStatus));
  } catch {
    // Storage may be full or disabled; the cache is only a fallback.
  }
}

export function cachedAdminStatus(userId: string): boolean | undefined {
  try {
    const cached = JSON.parse(localStorage.getItem(KEY) ?? 'null') as CachedStatus | null;
    if (!cached || cached.userId !== userId || Date.now() - cached.checkedAt > ADMIN_STATUS_CACHE_MS) return undefined;
    return cached.isAdmin;
  } catch {
    return undefined;
  }
}

export function clearAdminStatus(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
