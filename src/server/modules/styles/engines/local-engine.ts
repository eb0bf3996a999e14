import type { LocalStyleId } from '../../../../domain/styles.js';
import { renderArtwork } from './local/index.js';
import type { StyleEngine } from './style-engine.js';

/** A local style computed on this machine's CPU, in the worker-thread pool. */
export function createLocalEngine(styleId: LocalStyleId): StyleEngine {
  return {
    id: `local:${styleId}`,
    reportsProgress: true,
    rendersPrintFile: true,
    render: ({ photo, longSide, renditions }, onProgress) =>
      renderArtwork({ styleId, input: photo, longSide, renditions }, onProgress),
  };
}
