import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { physical_items, styles } from '../db/schema.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp();
});
afterAll(async () => shop?.close());

const get = (url: string, headers: Record<string, string> = {}) => shop.app.inject({ method: 'GET', url, headers });

async function until(check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not seen within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('storefront reads are served from memory with an ETag', () => {
  it('answers 304 to a browser that already has the answer', async () => {
    const first = await get('/api/products');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/api/products', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect((await get('/api/products', { 'if-none-match': '"other"' })).statusCode).toBe(200);
  });

  it('does not ask the database again while nothing changed', async () => {
    await get('/api/styles');
    let queries = 0;
    const spied = shop.context.db as unknown as { select: (...args: unknown[]) => unknown };
    const select = spied.select.bind(shop.context.db);
    spied.select = (...args: unknown[]) => {
      queries += 1;
      return select(...args);
    };
    try {
      for (let i = 0; i < 20; i += 1) expect((await get('/api/styles')).statusCode).toBe(200);
    } finally {
      spied.select = select;
    }
    expect(queries).toBe(0);
  });
});

describe('every change is seen by the next read', () => {
  it('a change made by this process, through any code path, is seen by its very next read', async () => {
    const [product] = (await get('/api/products')).json() as Array<{ id: string; final_price: number }>;
    await shop.context.db.update(physical_items).set({ final_price: 123.45 }).where(eq(physical_items.id, product!.id));
    expect((await get('/api/products')).json()[0].final_price).toBe(123.45);
    await shop.context.db.transaction(async (tx) => {
      await tx.update(physical_items).set({ final_price: 99.5 }).where(eq(physical_items.id, product!.id));
    });
    expect((await get('/api/products')).json()[0].final_price).toBe(99.5);
  });

  it('a change made by another process (another connection) is seen within a second', async () => {
    const [product] = (await get('/api/products')).json() as Array<{ id: string }>;
    const sql = `update physical_items set final_price = 77.7 where id = '${product!.id}'`;
    const { connectionString } = shop.context.database;
    if (connectionString) {
      // Past this process's own pool, as another web process or psql would.
      const other = new pg.Client({ connectionString });
      await other.connect();
      await other.query(sql);
      await other.end();
    } else {
      // PGlite: one process owns the database; any connection is this one.
      await shop.context.database.executor.executeSql(sql);
    }
    await until(async () => (await get('/api/products')).json()[0].final_price === 77.7);
  });

  it('a style switched off disappears from the styles answer', async () => {
    const before = (await get('/api/styles')).json() as Array<{ id: string }>;
    await shop.context.db.update(styles).set({ is_active: false }).where(eq(styles.id, before[0]!.id));
    const after = (await get('/api/styles')).json() as Array<{ id: string }>;
    expect(after.map((style) => style.id)).not.toContain(before[0]!.id);
    await shop.context.db.update(styles).set({ is_active: true }).where(eq(styles.id, before[0]!.id));
  });
});
