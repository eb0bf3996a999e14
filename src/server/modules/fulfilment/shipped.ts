/** When an order ships, the work that follows (the customer's shipped e-mail) is queued, per jobs/flow.ts. */
import type { AppContext } from '../../context.js';
import { onEvent } from '../../jobs/flow.js';

export async function queueShippedNotice(context: AppContext, orderId: string): Promise<void> {
  try {
    await context.jobs.sendAll(onEvent['order.shipped']({ orderId }));
  } catch (error) {
    // The order stays shipped; only the e-mail is missing, and the timeline shows it was never sent.
    context.log.error({ err: error, order: orderId }, 'could not queue the shipped e-mail');
  }
}
