/** When an order ships, the customer's shipped e-mail is queued (once per order; the job checks it was not sent). */
import type { AppContext } from '../../context.js';

export async function queueShippedNotice(context: AppContext, orderId: string): Promise<void> {
  try {
    await context.jobs.send('order.send-shipped', { orderId }, { singletonKey: orderId });
  } catch (error) {
    // The order stays shipped; only the e-mail is missing, and the timeline shows it was never sent.
    context.log.error({ err: error, order: orderId }, 'could not queue the shipped e-mail');
  }
}
