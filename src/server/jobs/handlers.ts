/**
 * Which code works which job. One place, so that what follows what can be read at a glance:
 * upload → (metadata, display copy: in the request) → transformation → print file;
 * paid order → confirmation e-mail + fulfilment submission → fulfilment updates.
 */
import type { AppContext } from '../context.js';
import { renderPrintfulMockups } from '../modules/mockups/printful-mockups.js';
import { renderStylePreview } from '../modules/styles/previews.js';
import { renderPrintFile, renderTransformation } from '../modules/transformations/service.js';
import type { JobHandlers } from './job-names.js';

export function createJobHandlers(context: AppContext): JobHandlers {
  return {
    'storage.delete': async ({ key }) => context.storage.delete(key),
    'mockups.printful': ({ transformationId, variantId }) => renderPrintfulMockups(context, transformationId, variantId),
    'style.render-preview': ({ styleId }) => renderStylePreview(context, styleId),
    'transformation.render': ({ transformationId }) => renderTransformation(context, transformationId),
    'transformation.print-file': ({ transformationId }) => renderPrintFile(context, transformationId),
  };
}
