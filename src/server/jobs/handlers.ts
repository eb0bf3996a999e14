/**
 * Which code works which job. What follows a job is not decided here or in the modules but
 * in one table, flow.ts: a handler whose work has a next step returns its outcome, and
 * `following` queues what the table says.
 */
import type { AppContext } from '../context.js';
import { renderCatalogImages, renderStoreProductImage } from '../modules/mockups/index.js';
import { sendOrderConfirmation, sendShippedNotice } from '../modules/email/index.js';
import { makeOrderItemPrintFile, submitFulfilment } from '../modules/fulfilment/index.js';
import { advanceSimulatedFulfilment } from '../modules/fulfilment/index.js';
import { renderPrintfulMockups } from '../modules/mockups/index.js';
import { renderStylePreview } from '../modules/styles/index.js';
import { renderTransformation } from '../modules/transformations/index.js';
import { afterJob, type JobOutcomes } from './flow.js';
import type { JobHandler, JobHandlers, JobPayloads } from './job-names.js';

export function createJobHandlers(context: AppContext): JobHandlers {
  /** Runs `work`, then queues what flow.ts says follows its outcome. */
  const following =
    <N extends keyof JobOutcomes>(name: N, work: (data: JobPayloads[N]) => Promise<JobOutcomes[N]>): JobHandler<N> =>
    async (data) => {
      const outcome = await work(data);
      await context.jobs.sendAll(afterJob[name](data, outcome, context.config));
    };

  return {
    'storage.delete': async ({ key }) => context.storage.delete(key),
    'catalog.product-image': ({ productId }) => renderStoreProductImage(context, productId),
    'catalog.catalog-images': () => renderCatalogImages(context),
    'mockups.printful': ({ transformationId, variantId }) =>
      renderPrintfulMockups(context, transformationId, variantId),
    'style.render-preview': ({ styleId }) => renderStylePreview(context, styleId),
    'transformation.render': async ({ transformationId }) =>
      void (await renderTransformation(context, transformationId)),
    'order.print-file': following('order.print-file', ({ orderItemId }) =>
      makeOrderItemPrintFile(context, orderItemId),
    ),
    'order.send-confirmation': async ({ orderId }) => void (await sendOrderConfirmation(context, orderId)),
    'order.submit-fulfilment': following('order.submit-fulfilment', ({ orderId }) =>
      submitFulfilment(context, orderId),
    ),
    'order.send-shipped': async ({ orderId }) => void (await sendShippedNotice(context, orderId)),
    'fulfilment.simulated-advance': following('fulfilment.simulated-advance', ({ orderId, from }) =>
      advanceSimulatedFulfilment(context, orderId, from),
    ),
  };
}
