/**
 * No paid order left behind (issue 10, findings 3 and 10): the paid transition commits with
 * its jobs, a recovery sweep queues once whatever a crash left owed, and a job whose worker
 * died is worked again within about a minute rather than when its lease runs out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { email_messages, image_transformations, orders, payment_events } from '../db/schema.js';
import { checkoutBody, createArtwork, sellableProducts } from '../testing/fixtures/orders.js';
import { jobsFor, makePrintFiles, waitFor } from '../testing/fixtures/jobs.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { markOrderPaid } from '../modules/payments/events.js';
import { CONFIRMATION_KIND } from '../modules/email/service.js';
import { createJobHandlers, recoverStrandedWork } from '../job-wiring.js';
import { startJobQueue, type JobQueue } from './queue.js';

const card = { number: '4242424242424242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' };

async function pendingOrder(shop: TestApp): Promise<{ orderId: string; clientSecret: string }> {
  const { transformationId } = await createArtwork(shop.context);
  const [product] = await sellableProducts(shop.context);
  const body = (
    await shop.app.inject({
      method: 'POST',
      url: '/api/checkout',
      payload: checkoutBody([{ product, transformationId }]),
    })
  ).json();
  return { orderId: body.order_id, clientSecret: body.client_secret };
}

async function paidOrder(shop: TestApp): Promise<string> {
  const { orderId, clientSecret } = await pendingOrder(shop);
  const paid = await shop.app.inject({
    method: 'POST',
    url: '/api/payments/test/confirm',
    payload: { client_secret: clientSecret, card },
  });
  expect(paid.json().status).toBe('succeeded');
  return orderId;
}

/** Paid with no job at all, as a crash between the paid commit and the sends left orders before. */
async function paidWithoutJobs(shop: TestApp): Promise<string> {
  const { orderId } = await pendingOrder(shop);
  await shop.context.db.update(orders).set({ status: 'paid', paid_at: new Date() }).where(eq(orders.id, orderId));
  return orderId;
}

const orderOf = async (shop: TestApp, id: string) =>
  (await shop.context.db.select().from(orders).where(eq(orders.id, id)))[0];
/**
 * The order's confirmation e-mails. Not all of its e-mails: the workers also run the simulated
 * fulfilment, which ships the order after a few seconds and sends its shipped notice.
 */
const confirmationsOf = async (shop: TestApp, orderId: string) =>
  shop.context.db
    .select()
    .from(email_messages)
    .where(and(eq(email_messages.order_id, orderId), eq(email_messages.kind, CONFIRMATION_KIND)));
const live = (jobs: Array<{ state: string }>) =>
  jobs.filter((job) => ['created', 'retry', 'active'].includes(job.state));

describe('the paid transition and its jobs commit together', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('if the fulfilment job cannot be queued, the order is not paid and the event not recorded, so a retry applies it again', async () => {
    const { orderId } = await pendingOrder(shop);
    const [order] = await shop.context.db.select().from(orders).where(eq(orders.id, orderId));
    const jobs = shop.context.jobs;
    const failing: JobQueue = {
      ...jobs,
      // The confirmation is queued in the transaction first; then the queue fails.
      sendAll: async (list, tx) => {
        for (const job of list) {
          if (job.name === 'order.print-file') throw new Error('the queue is unreachable');
          await jobs.sendAll([job], tx);
        }
      },
    };
    const event = {
      id: 'evt_queue_down',
      provider: 'test',
      type: 'payment_intent.succeeded',
      paymentIntentId: order.payment_id!,
      orderId,
      amount: order.total_amount,
      currency: 'usd',
    };
    await expect(markOrderPaid({ ...shop.context, jobs: failing }, orderId, { event })).rejects.toThrow(
      'the queue is unreachable',
    );
    expect(await orderOf(shop, orderId)).toMatchObject({ status: 'pending', paid_at: null });
    expect(await shop.context.db.select().from(payment_events).where(eq(payment_events.id, event.id))).toEqual([]);
    expect(await jobsFor(shop.context, 'order.send-confirmation', orderId)).toEqual([]);

    // The provider's retry of the same event now pays the order with both jobs.
    expect(await markOrderPaid(shop.context, orderId, { event })).toBe(true);
    expect(await jobsFor(shop.context, 'order.send-confirmation', orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);
  });
});

describe('the recovery sweep queues what a crash left owed, once', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('a paid order with no jobs gets its print file and its confirmation once, however often it sweeps', async () => {
    const orderId = await paidWithoutJobs(shop);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toEqual([]);

    const first = await recoverStrandedWork(shop.context);
    expect(first.fulfilmentQueued).toBeGreaterThanOrEqual(1);
    expect(first.confirmationsQueued).toBeGreaterThanOrEqual(1);
    await recoverStrandedWork(shop.context);
    await recoverStrandedWork(shop.context);
    expect(await jobsFor(shop.context, 'order.print-file', orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.send-confirmation', orderId)).toHaveLength(1);
    // The submission follows the print file, not the sweep.
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', orderId)).toEqual([]);
  });

  it('a paid order whose print files are all made but never submitted gets its submission once', async () => {
    const orderId = await paidWithoutJobs(shop);
    await makePrintFiles(shop.context, orderId);
    await recoverStrandedWork(shop.context);
    await recoverStrandedWork(shop.context);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', orderId)).toHaveLength(1);
  });

  it('queues nothing for an order whose jobs are waiting, or whose work is done or failed', async () => {
    const waiting = await paidOrder(shop);
    const done = await paidWithoutJobs(shop);
    await shop.context.db
      .update(orders)
      .set({
        confirmation_email_sent_at: new Date(),
        printful_status: 'pending',
        provider_order_id: 'SIM-1',
        fulfilment_attempts: 1,
      })
      .where(eq(orders.id, done));
    const failed = await paidWithoutJobs(shop);
    await shop.context.db
      .update(orders)
      .set({ fulfilment_attempts: 9, fulfilment_error: 'Printful refused it' })
      .where(eq(orders.id, failed));
    await shop.context.db.insert(email_messages).values({
      order_id: failed,
      kind: 'order_confirmation',
      to_address: 'jane@example.com',
      subject: 'x',
      html: 'x',
      text_body: 'x',
      transport: 'smtp',
      status: 'failed',
    });

    await recoverStrandedWork(shop.context);
    expect(await jobsFor(shop.context, 'order.print-file', waiting)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', waiting)).toEqual([]);
    expect(await jobsFor(shop.context, 'order.send-confirmation', waiting)).toHaveLength(1);
    for (const id of [done, failed]) {
      expect(await jobsFor(shop.context, 'order.print-file', id)).toEqual([]);
      expect(await jobsFor(shop.context, 'order.submit-fulfilment', id)).toEqual([]);
      expect(await jobsFor(shop.context, 'order.send-confirmation', id)).toEqual([]);
    }
  });

  it('a paid order found by the sweep gets its print file, then is submitted and confirmed exactly once when the workers run', async () => {
    const orderId = await paidWithoutJobs(shop);
    await recoverStrandedWork(shop.context);
    await shop.context.jobs.work(createJobHandlers(shop.context));
    const order = await waitFor(
      () => orderOf(shop, orderId),
      (row) => row.provider_order_id !== null && row.confirmation_email_sent_at !== null,
      60_000,
    );
    expect(order.fulfilment_attempts).toBe(1);
    await recoverStrandedWork(shop.context);
    expect(await confirmationsOf(shop, orderId)).toHaveLength(1);
    expect(await jobsFor(shop.context, 'order.submit-fulfilment', orderId)).toHaveLength(1);
  });
});

describe('the recovery sweep settles renders nothing will finish', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  async function processingRender(ageMs: number): Promise<string> {
    const { transformationId } = await createArtwork(shop.context, { status: 'processing' });
    await shop.context.db
      .update(image_transformations)
      .set({ created_at: new Date(Date.now() - ageMs) })
      .where(eq(image_transformations.id, transformationId));
    return transformationId;
  }
  const renderOf = async (id: string) =>
    (await shop.context.db.select().from(image_transformations).where(eq(image_transformations.id, id)))[0];
  const renderJobs = async (id: string) =>
    (
      (await shop.context.db.execute(
        sql`select state::text as state from pgboss.job where name = 'transformation.render' and data->>'transformationId' = ${id}`,
      )) as unknown as { rows: Array<{ state: string }> }
    ).rows;

  it('queues a render that has no job once; leaves one whose job is waiting; fails one whose jobs gave up or that is overdue', async () => {
    const orphan = await processingRender(60_000);
    const waiting = await processingRender(60_000);
    await shop.context.jobs.send('transformation.render', { transformationId: waiting }, { startAfter: 3600 });
    const gaveUp = await processingRender(60_000);
    await shop.context.jobs.send('transformation.render', { transformationId: gaveUp }, { startAfter: 3600 });
    await shop.context.db.execute(
      sql`update pgboss.job set state = 'failed', completed_on = now() where name = 'transformation.render' and data->>'transformationId' = ${gaveUp}`,
    );
    const overdue = await processingRender(25 * 60_000);
    await shop.context.jobs.send('transformation.render', { transformationId: overdue }, { startAfter: 3600 });
    const young = await processingRender(0);

    await recoverStrandedWork(shop.context);
    await recoverStrandedWork(shop.context);

    expect(live(await renderJobs(orphan))).toHaveLength(1);
    expect((await renderOf(orphan)).status).toBe('processing');
    expect(await renderJobs(waiting)).toHaveLength(1);
    expect((await renderOf(waiting)).status).toBe('processing');
    expect(await renderOf(gaveUp)).toMatchObject({
      status: 'failed',
      error: 'Transformation failed. Please try again.',
    });
    expect(await renderOf(overdue)).toMatchObject({
      status: 'failed',
      error: 'Transformation is taking longer than expected. Please try again.',
    });
    expect(await renderJobs(young)).toEqual([]);
    expect((await renderOf(young)).status).toBe('processing');
  });
});

describe('a job whose worker died is worked again within about a minute', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('a confirmation job left active by a killed process is sent by a live worker, not after its 15-minute lease', async () => {
    const orderId = await paidOrder(shop);
    // As a process killed mid-job leaves it: active, its last heartbeat 30 s ago.
    await shop.context.db.execute(sql`
      update pgboss.job set state = 'active', started_on = now() - interval '30 seconds', heartbeat_on = now() - interval '30 seconds'
      where name = 'order.send-confirmation' and data->>'orderId' = ${orderId}`);
    await shop.context.jobs.work(createJobHandlers(shop.context));

    const order = await waitFor(
      () => orderOf(shop, orderId),
      (row) => row.confirmation_email_sent_at !== null,
      75_000,
    );
    expect(order.confirmation_email_sent_at).toBeInstanceOf(Date);
    expect(await confirmationsOf(shop, orderId)).toHaveLength(1);
  }, 90_000);
});

describe('a restart works at once what the process before it left active', () => {
  let shop: TestApp;
  beforeAll(async () => {
    shop = await createTestApp();
  });
  afterAll(async () => shop?.close());

  it('on the embedded database, which no other process can share; on PostgreSQL it waits for the heartbeat', async () => {
    const orderId = await paidOrder(shop);
    // As a process killed mid-job leaves it: active, its heartbeat still fresh.
    await shop.context.db.execute(sql`
      update pgboss.job set state = 'active', started_on = now(), heartbeat_on = now()
      where name = 'order.send-confirmation' and data->>'orderId' = ${orderId}`);
    await shop.context.jobs.stop();

    const restarted = await startJobQueue(shop.context.database, shop.context.log);
    try {
      const { rows } = await shop.context.database.executor.executeSql(
        `select state, start_after <= now() as due, output -> 'value' ->> 'message' as message
         from pgboss.job where name = 'order.send-confirmation' and data->>'orderId' = $1`,
        [orderId],
      );
      const [job] = rows as Array<{ state: string; due: boolean; message: string | null }>;
      if (shop.context.database.kind === 'pglite') {
        expect(job).toEqual({ state: 'retry', due: true, message: 'job heartbeat timeout' });
      } else {
        // Another process may be working it: only its stopped heartbeat says otherwise.
        expect(job.state).toBe('active');
      }
    } finally {
      await restarted.stop();
    }
  });
});
