/** Picks the engine that runs a style on this installation, or none when it cannot run here. */
import type { Config } from '../../../config.js';
import { HOSTED_AI_ENGINE, isLocalStyleId } from '../../../../domain/styles.js';
import { hostedEngineFor } from './hosted/hosted.js';
import { createLocalEngine } from './local-engine.js';
import type { StyleEngine } from './style-engine.js';

export * from './style-engine.js';

export function engineFor(engine: string, config: Config): StyleEngine | undefined {
  if (isLocalStyleId(engine)) return createLocalEngine(engine);
  if (engine === HOSTED_AI_ENGINE) return hostedEngineFor(config);
  return undefined;
}
