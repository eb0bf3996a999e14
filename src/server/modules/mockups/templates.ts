import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { workGate } from '../../infra/work-gate.js';
import { type TemplateOptions, warmLocalMockups } from './local/index.js';

/** The local mockups keep their product templates in the data folder, from one start to the next. */
export function templateOptions(context: AppContext): TemplateOptions {
  return { templateCache: join(context.config.dataDir, 'cache', 'mockup-templates') };
}

/** Gets every default product's templates ready (read back, or drawn and kept) in the mockup workers. */
export function warmMockupTemplates(context: AppContext): Promise<void> {
  return warmLocalMockups(undefined, templateOptions(context));
}

/**
 * Called once a visitor has started an artwork: they will want mockups in a moment, so the
 * renderer's product templates are built now rather than held in memory while the shop sits
 * idle. Not beside the artwork in a process that renders it: drawn beside it after a fresh
 * start, they took half the cores from the first artwork; they follow it, while the visitor
 * looks at their artwork.
 */
export function warmMockupTemplatesAfterArtwork(context: AppContext): void {
  const artworkMade = context.config.runWorkers ? workGate.afterInteractive(1_000) : Promise.resolve();
  artworkMade
    .then(() => warmMockupTemplates(context))
    .catch((error) => context.log.warn({ err: error }, 'mockup warm-up failed'));
}
