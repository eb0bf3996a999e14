import { join } from 'node:path';
import type { AppContext } from '../../context.js';
import { type TemplateOptions, warmLocalMockups } from './local/index.js';

/** The local mockups keep their product templates in the data folder, from one start to the next. */
export function templateOptions(context: AppContext): TemplateOptions {
  return { templateCache: join(context.config.dataDir, 'cache', 'mockup-templates') };
}

/** Gets every default product's templates ready (read back, or drawn and kept) in the mockup workers. */
export function warmMockupTemplates(context: AppContext): Promise<void> {
  return warmLocalMockups(undefined, templateOptions(context));
}
