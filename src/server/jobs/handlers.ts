/**
 * Which code works which job. One place, so that what follows what can be read at a glance:
 * upload → (metadata, display copy: in the request) → transformation → print file;
 * paid order → confirmation e-mail + fulfilment submission → fulfilment updates;
 * shipped (simulated step or Printful's package_shipped) → shipped e-mail.
 */
import type { AppContext } from '../context.js';
import { renderStoreProductImage } from '../modules/mockups/index.js';
import { sendOrderConfirmation, sendShippedNotice } from '../modules/email/index.js';
import { submitFulfilment } from '../modules/fulfilment/index.js';
import { advanceSimulatedFulfilment } from '../modules/fulfilment/index.js';
import { renderPrintfulMockups } from '../modules/mockups/index.js';
import { renderStylePreview } from '../modules/styles/index.js';
import { renderPrintFile, renderTransformation } from '../modules/transformations/index.js';
import type { JobHandlers } from './job-names.js';

export function createJobHandlers(context: AppContext): JobHandlers {
  return {
    'storage.delete': async ({ key }) => context.storage.delete(key),
    'catalog.product-image': ({ productId }) => renderStoreProductImage(context, productId),
    'mockups.printful': ({ transformationId, variantId }) => renderPrintfulMockups(context, transformationId, variantId),
    'style.render-preview': ({ styleId }) => renderStylePreview(context, styleId),
    'transformation.render': ({ transformationId }) => renderTransformation(context, transformationId),
    'transformation.print-file': ({ transformationId }) => renderPrintFile(context, transformationId),
    'order.send-confirmation': async ({ orderId }) => void (await sendOrderConfirmation(context, orderId)),
    'order.submit-fulfilment': async ({ orderId }) => void (await submitFulfilment(context, orderId)),
    'order.send-shipped': async ({ orderId }) => void (await sendShippedNotice(context, orderId)),
    'fulfilment.simulated-advance': ({ orderId, from }) => advanceSimulatedFulfilment(context, orderId, from),
  };
}
