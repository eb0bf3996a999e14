import type { LocalStyleId } from '../catalogue.js';
import type { LocalStyleEngine } from './style.js';
import { inkSketch } from './ink-sketch.js';
import { watercolour } from './watercolour.js';
import { oilPainting } from './oil-painting.js';
import { popArt } from './pop-art.js';
import { stainedGlass } from './stained-glass.js';
import { travelPoster } from './travel-poster.js';

export const engines: Record<LocalStyleId, LocalStyleEngine> = {
  'ink-sketch': inkSketch,
  watercolour,
  'oil-painting': oilPainting,
  'pop-art': popArt,
  'stained-glass': stainedGlass,
  'travel-poster': travelPoster,
};
