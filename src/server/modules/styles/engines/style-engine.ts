/**
 * The style engine port: turns a photo into an artwork in one style. Local engines compute
 * the art on our CPU; hosted engines send the style's prompt to an image AI.
 */

import type { EncodedRendition } from '../../../infra/renditions.js';

export interface StyleRequest {
  /** The photo, any format sharp reads, already upright (EXIF orientation applied). */
  photo: Buffer;
  /** Long side of the wanted artwork in pixels; engines never upscale the photo. */
  longSide: number;
  /** The style's prompt (hosted engines send it; local engines ignore it). */
  prompt: string | null;
  /** Asks for the renditions too (an engine may make them as it renders; see StyleResult). */
  renditions?: boolean;
}

export interface StyleResult {
  /** JPEG. */
  image: Buffer;
  width: number;
  height: number;
  /** Its renditions, when the engine made them itself (else the shop makes them from `image`). */
  renditions?: EncodedRendition[];
}

export interface StyleEngine {
  /** `local:<style id>`, `openai` or `replicate`. */
  readonly id: string;
  /** Whether `onProgress` reports real progress (else the visitor sees the simulated curve). */
  readonly reportsProgress: boolean;
  /** Whether the engine can render the full-resolution print file itself. */
  readonly rendersPrintFile: boolean;
  render(request: StyleRequest, onProgress?: (fraction: number) => void): Promise<StyleResult>;
}

/**
 * A failure the visitor may be told about. Messages follow the spec's catalogue: hosted
 * engines say 'Payload Too Large' (413) or 'AI transformation failed: …' so the storefront
 * can add its advice (storefront §8).
 */
export class StyleEngineError extends Error {
  constructor(
    message: string,
    readonly retryable: boolean = false,
  ) {
    super(message);
  }
}
