/**
 * The art styles a fresh shop offers. Local styles run on the shop's own CPU; a hosted-ai
 * style sends its prompt to the configured image AI and is offered only when one is set.
 */

export const LOCAL_STYLE_IDS = [
  'ink-sketch',
  'watercolour',
  'oil-painting',
  'pop-art',
  'stained-glass',
  'travel-poster',
] as const;

export type LocalStyleId = (typeof LOCAL_STYLE_IDS)[number];

export const HOSTED_AI_ENGINE = 'hosted-ai';

export type StyleEngine = LocalStyleId | typeof HOSTED_AI_ENGINE;

export function isLocalStyleId(value: string): value is LocalStyleId {
  return (LOCAL_STYLE_IDS as readonly string[]).includes(value);
}

export interface StyleSeed {
  name: string;
  engine: StyleEngine;
  style_prompt: string;
}

export const DEFAULT_STYLES: readonly StyleSeed[] = [
  {
    name: 'Ink Sketch',
    engine: 'ink-sketch',
    style_prompt: 'A hand-drawn ink and pencil sketch on warm paper, confident outlines and soft hatching.',
  },
  {
    name: 'Watercolour',
    engine: 'watercolour',
    style_prompt: 'A loose watercolour painting with soft washes, pigment blooms, darkened edges and paper texture.',
  },
  {
    name: 'Oil Painting',
    engine: 'oil-painting',
    style_prompt: 'A rich oil painting with visible brush strokes following the forms of the scene.',
  },
  {
    name: 'Pop Art',
    engine: 'pop-art',
    style_prompt: 'Bold pop art: a few flat saturated colours, thick outlines and halftone dot screens.',
  },
  {
    name: 'Stained Glass',
    engine: 'stained-glass',
    style_prompt: 'A stained glass window: luminous glass pieces following the image, joined by dark lead lines.',
  },
  {
    name: 'Vintage Travel Poster',
    engine: 'travel-poster',
    style_prompt: 'A vintage travel poster: flat shapes, a limited warm palette, soft print grain.',
  },
  {
    name: 'Impressionist (AI)',
    engine: HOSTED_AI_ENGINE,
    style_prompt:
      'Repaint this photo as an impressionist oil painting in the manner of Monet: broken colour, visible dabs of paint, shimmering light. Keep the composition.',
  },
  {
    name: 'Anime Landscape (AI)',
    engine: HOSTED_AI_ENGINE,
    style_prompt:
      'Redraw this photo as a hand-painted anime film background: clean line art, luminous skies, soft cel shading. Keep the composition.',
  },
];
