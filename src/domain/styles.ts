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

/** The local styles, as the shop shows and seeds them. */
export const LOCAL_STYLES: Record<LocalStyleId, { name: string; description: string; prompt: string }> = {
  'ink-sketch': {
    name: 'Ink Sketch',
    description: 'Flowing pen lines and soft pencil hatching on warm sketchbook paper.',
    prompt: 'A hand-drawn ink and pencil sketch on warm paper, confident outlines and soft hatching.',
  },
  watercolour: {
    name: 'Watercolour',
    description: 'Loose washes of pigment with darkened wet edges, granulation and cold-pressed paper.',
    prompt: 'A loose watercolour painting with soft washes, pigment blooms, darkened edges and paper texture.',
  },
  'oil-painting': {
    name: 'Oil Painting',
    description: 'Thick directional brushwork that follows the shapes of your photo, lit like real impasto.',
    prompt: 'A rich oil painting with visible brush strokes following the forms of the scene.',
  },
  'pop-art': {
    name: 'Pop Art',
    description: 'Bold flat colours, heavy black outlines and comic-book halftone dots.',
    prompt: 'Bold pop art: a few flat saturated colours, thick outlines and halftone dot screens.',
  },
  'stained-glass': {
    name: 'Stained Glass',
    description: 'Jewel-coloured glass pieces that glow from within, joined by dark lead lines.',
    prompt: 'A stained glass window: luminous glass pieces following the image, joined by dark lead lines.',
  },
  'travel-poster': {
    name: 'Vintage Travel Poster',
    description: 'Flat screen-printed shapes in a sun-faded vintage palette, with paper grain and a border.',
    prompt: 'A vintage travel poster: flat shapes, a limited warm palette, soft print grain.',
  },
};

export interface StyleSeed {
  name: string;
  engine: StyleEngine;
  style_prompt: string;
}

export const DEFAULT_STYLES: readonly StyleSeed[] = [
  ...LOCAL_STYLE_IDS.map((id) => ({ name: LOCAL_STYLES[id].name, engine: id, style_prompt: LOCAL_STYLES[id].prompt })),
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

/**
 * Styles whose detail is brushwork and pigment: rendered for a print from the photo enlarged
 * to the print's size, they paint their strokes at that scale, so a small photo still prints
 * sharp. Every other style is rendered at the photo's size, and its print follows the photo.
 */
export const PAINTERLY_STYLE_IDS: readonly LocalStyleId[] = ['oil-painting', 'watercolour'];

export function paintsAtPrintSize(engine: string): boolean {
  return (PAINTERLY_STYLE_IDS as readonly string[]).includes(engine);
}
