/** The Art Styles screen (admin §2 Art Styles, §5, §8, §9): form rules and messages. */
import { z } from 'zod';
import { HOSTED_AI_ENGINE, LOCAL_STYLE_IDS, type LocalStyleId } from './styles.js';

export const STYLE_MESSAGES = {
  loadFailed: 'Failed to load styles',
  toggleFailed: 'Failed to update style status',
  saveFailed: 'Failed to save style',
  deleteFailed: 'Failed to delete style',
  activated: 'Style activated',
  deactivated: 'Style deactivated',
  updated: 'Style updated successfully',
  created: 'Style created successfully',
  deleted: 'Style deleted successfully',
  nameRequired: 'Style name is required',
  previewTooLarge: 'Image size must be less than 5MB',
  notAnImage: 'The preview must be an image file',
  promptRequiredForAi: 'A style prompt is required for the hosted AI engine',
  unknownEngine: 'Choose one of the listed engines',
  notFound: 'Style not found',
  empty: 'No styles found. Add a new style to get started.',
  deleteConfirmation: (name: string) =>
    `Are you sure? This will permanently delete the style "${name}". This action cannot be undone.`,
} as const;

export const STYLE_PREVIEW_MAX_BYTES = 5 * 1024 * 1024;
/** The Style Prompt column shows this many characters before "more" (admin §9). */
export const STYLE_PROMPT_PREVIEW_LENGTH = 60;

/** How the back office names each engine a style can run on. */
export const LOCAL_STYLE_LABELS: Record<LocalStyleId, string> = {
  'ink-sketch': 'Ink sketch',
  watercolour: 'Watercolour',
  'oil-painting': 'Oil painting',
  'pop-art': 'Pop-art halftone',
  'stained-glass': 'Stained glass',
  'travel-poster': 'Vintage travel poster',
};
export const HOSTED_AI_LABEL = 'Hosted AI (uses the style prompt)';
const HOSTED_AI_SHORT_LABEL = 'Hosted AI';

export const STYLE_ENGINES = [...LOCAL_STYLE_IDS, HOSTED_AI_ENGINE] as const;

/** The engine's short name, as the styles table shows it. */
export function engineLabel(engine: string): string {
  return engine === HOSTED_AI_ENGINE ? HOSTED_AI_SHORT_LABEL : (LOCAL_STYLE_LABELS[engine as LocalStyleId] ?? engine);
}

/** Shortens a prompt for the table, leaving whole the prompts that already fit. */
export function truncatePrompt(prompt: string, length = STYLE_PROMPT_PREVIEW_LENGTH): string {
  return prompt.length <= length ? prompt : `${prompt.slice(0, length)}...`;
}

/** One schema for the Add/Edit dialog and for POST/PUT /api/admin/styles. */
export const styleInputSchema = z
  .object({
    name: z.string().trim().min(1, STYLE_MESSAGES.nameRequired).max(80),
    style_prompt: z.string().trim().max(2000).default(''),
    engine: z.enum(STYLE_ENGINES, STYLE_MESSAGES.unknownEngine),
    is_active: z.boolean().default(true),
    /** A key returned by the preview upload (under `style-previews/`), or null for none. */
    preview_image_path: z
      .string()
      .regex(/^style-previews\/[a-z0-9][a-z0-9._-]*$/i)
      .nullable()
      .default(null),
  })
  .superRefine((value, issue) => {
    if (value.engine === HOSTED_AI_ENGINE && value.style_prompt.length === 0) {
      issue.addIssue({ code: 'custom', path: ['style_prompt'], message: STYLE_MESSAGES.promptRequiredForAi });
    }
  });
export type StyleInput = z.input<typeof styleInputSchema>;

export const styleActiveSchema = z.object({ is_active: z.boolean() });

/** A row of the admin styles table. */
export interface AdminStyle {
  id: string;
  name: string;
  style_prompt: string | null;
  engine: string;
  is_active: boolean;
  preview_image_path: string | null;
  preview_image_url: string | null;
  /** False for a hosted-AI style while no image AI is configured: the storefront hides it. */
  engine_available: boolean;
}

export interface UploadedPreview {
  path: string;
  url: string;
}
