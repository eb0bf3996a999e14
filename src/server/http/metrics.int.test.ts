import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';

let shop: TestApp;
beforeAll(async () => {
  shop = await createTestApp({ env: { METRICS_TOKEN: 'scrape-token' } });
});
afterAll(async () => shop?.close());

const scrape = async (authorization?: string) =>
  shop.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });

/** `GET /api/products` answered 200, as the scrape counts it. */
const productsServed = (text: string) =>
  Number(
    /wanderer_http_requests_total\{method="GET",route="\/api\/products",status="200"\} (\d+)/.exec(text)?.[1] ?? 0,
  );

describe('GET /metrics (Prometheus text format)', () => {
  it('asks for the bearer token when METRICS_TOKEN is set', async () => {
    expect((await scrape()).statusCode).toBe(401);
    expect((await scrape('Bearer wrong')).statusCode).toBe(401);
    expect((await scrape('Bearer scrape-token')).statusCode).toBe(200);
  });

  it('counts requests by route pattern, never by raw URL', async () => {
    // The counters are the process's: other test files in this worker counted requests too.
    const before = productsServed((await scrape('Bearer scrape-token')).body);
    await shop.app.inject({ method: 'GET', url: '/api/products' });
    await shop.app.inject({ method: 'GET', url: '/api/products' });
    await shop.app.inject({ method: 'GET', url: '/api/orders/00000000-0000-0000-0000-000000000000' });
    const response = await scrape('Bearer scrape-token');
    expect(response.headers['content-type']).toContain('text/plain');
    const text = response.body;
    expect(productsServed(text)).toBe(before + 2);
    expect(text).toContain(
      'wanderer_http_request_duration_seconds_bucket{le="0.005",method="GET",route="/api/products"}',
    );
    expect(text).not.toContain('00000000-0000-0000-0000-000000000000');
  });

  it('reports queue depth by queue, job and render histograms, and process memory', async () => {
    await shop.context.jobs.send('style.render-preview', { styleId: '00000000-0000-0000-0000-000000000000' });
    const text = (await scrape('Bearer scrape-token')).body;
    expect(text).toMatch(/wanderer_job_queue_depth\{queue="style\.render-preview",state="queued"\} [1-9]/);
    expect(text).toContain('# TYPE wanderer_job_duration_seconds histogram');
    expect(text).toContain('# TYPE wanderer_render_duration_seconds histogram');
    expect(text).toMatch(/wanderer_process_resident_memory_bytes \d+/);
  });
});
