/** The image AI this installation sends prompt styles to: OpenAI when its key is set, else Replicate. */
import type { Config } from '../../../../config.js';
import { createOpenAiEngine } from './openai-engine.js';
import { createReplicateEngine } from './replicate-engine.js';
import type { StyleEngine } from '../style-engine.js';

/** Built per call and cheap to build, so keys changed later take effect at the next render. */
export function hostedEngineFor(config: Pick<Config, 'openai' | 'replicate'>): StyleEngine | undefined {
  if (config.openai) return createOpenAiEngine(config.openai);
  if (config.replicate) return createReplicateEngine(config.replicate);
  return undefined;
}
