/**
 * Makes one data folder as a shop's first start leaves it (the database made, migrated and
 * seeded; the style previews and product pictures rendered) and has every test's shop start
 * on a copy of it. A first start costs each shop 10–20 s of the machine's two cores, spent
 * while other test files drive their browsers; a copy takes well under a second.
 */
import { FIRST_START_TEMPLATE, startShop } from './server';

interface Row {
  preview_image_path?: string | null;
  product_image_url?: string | null;
}

async function rows(url: string): Promise<Row[]> {
  const response = await fetch(url);
  return response.ok ? ((await response.json()) as Row[]) : [];
}

export default async function setup() {
  const shop = await startShop({ fresh: true, timeoutMs: 180_000 });
  const deadline = Date.now() + 180_000;
  for (;;) {
    const [styles, products] = await Promise.all([rows(`${shop.url}/api/styles`), rows(`${shop.url}/api/products`)]);
    const done =
      styles.length > 0 &&
      products.length > 0 &&
      styles.every((style) => style.preview_image_path) &&
      products.every((product) => product.product_image_url);
    if (done) break;
    if (Date.now() > deadline) {
      await shop.stop({ hard: true });
      await shop.cleanup();
      throw new Error(`the template shop's start-up renders did not finish in time:\n${shop.output()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await shop.stop();
  if (shop.child.exitCode !== 0) throw new Error(`the template shop did not stop cleanly:\n${shop.output()}`);
  // Test files run in processes started after this one, which inherit its environment.
  process.env[FIRST_START_TEMPLATE] = shop.dataDir;
  return () => shop.cleanup();
}
