/**
 * Piscina worker: renders local mockups. Each worker keeps the templates of the products it
 * is given, so the pool routes a product family to the same worker every time.
 */
import type { ArtFit } from '../../../../domain/placement.js';
import type { DecodedArtwork } from './artwork.js';
import { renderBlank, renderViews, warmTemplates, type RenderedView } from './render.js';

/** `templateCache`: a folder keeping templates between processes (none: built in memory only). */
export type MockupTask = { templateCache?: string } & (
  | { kind: 'views'; artwork: DecodedArtwork; variantId: number; fit?: ArtFit }
  | { kind: 'blank'; variantId: number }
  | { kind: 'warm'; variantIds: number[] }
  /** Nothing: starts the thread ahead of its work (see startLocalMockups). */
  | { kind: 'start' }
);

export default async function mockupTask(task: MockupTask): Promise<RenderedView[] | RenderedView | undefined> {
  switch (task.kind) {
    case 'views':
      return renderViews(task.artwork, task.variantId, task.fit, task.templateCache);
    case 'blank':
      return renderBlank(task.variantId, task.templateCache);
    case 'warm':
      await warmTemplates(task.variantIds, task.templateCache);
      return undefined;
    case 'start':
      return undefined;
  }
}
