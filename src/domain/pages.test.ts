import { describe, expect, it } from 'vitest';
import { findPage, PAGES, PUBLIC_PAGES } from './pages.js';

describe('the pages the web app has', () => {
  it('finds a page by its path, as the router does: parameters, case and a trailing slash', () => {
    expect(findPage('/')).toBe(PAGES.home);
    expect(findPage('/transform')).toBe(PAGES.transform);
    expect(findPage('/Transform/')).toBe(PAGES.transform);
    expect(findPage('/transform/thumbnail')).toBe(PAGES.thumbnail);
    expect(findPage('/order-status')).toBe(PAGES.orderStatusWithoutId);
    expect(findPage('/order-status/3f2a')).toBe(PAGES.orderStatus);
    expect(findPage('/find-order')).toBe(PAGES.findOrder);
    expect(findPage('/admin')).toBe(PAGES.adminDashboard);
    expect(findPage('/admin/orders/3f2a')).toBe(PAGES.adminOrder);
  });

  it('finds no page for any other path', () => {
    for (const path of ['/nope', '/transform/other', '/order-status/a/b', '/admin/nope', '/api/site', '/files/x.jpg'])
      expect(findPage(path), path).toBeUndefined();
  });

  it('titles storefront pages "{page} · {site name}" and back-office screens as admin §1 says', () => {
    expect(PAGES.transform.title('Wanderer')).toBe('Create your artwork · Wanderer');
    expect(PAGES.adminOrders.title('Wanderer')).toBe('Admin Dashboard - Wanderer');
  });

  it('lists home, Create artwork and Find my order as the public pages', () => {
    expect(PUBLIC_PAGES.map((page) => page.path)).toEqual(['/', '/transform', '/find-order']);
  });
});
