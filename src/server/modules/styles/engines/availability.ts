/** Which style engines this installation can run. */
import type { Config } from '../../../config.js';
import { HOSTED_AI_ENGINE, isLocalStyleId } from '../../../../domain/styles.js';

export interface EngineAvailability {
  hostedAi: boolean;
}

export function engineAvailability(config: Config): EngineAvailability {
  return { hostedAi: Boolean(config.openai || config.replicate) };
}

export function isEngineAvailable(engine: string, availability: EngineAvailability): boolean {
  if (isLocalStyleId(engine)) return true;
  return engine === HOSTED_AI_ENGINE && availability.hostedAi;
}
