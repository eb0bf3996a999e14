/**
 * What the two hosted engines share: the failures a visitor may be told about, worded so the
 * storefront can build its messages (storefront §8), and the photo and artwork sizing.
 */
import { type StyleResult, StyleEngineError } from '../style-engine.js';
import { loadSharp } from '../../../../infra/sharp.js';

/** The image AIs work at about this size; a bigger upload only costs time and money. */
export const HOSTED_UPLOAD_LONG_SIDE = 1536;
/** Image edits take 10 s to 2 min. */
export const HOSTED_DEFAULT_TIMEOUT_MS = 180_000;

const FAILED = 'AI transformation failed';

export const hostedFailure = {
  tooLarge: () => new StyleEngineError('Payload Too Large: the photo is too big for the image AI'),
  rejected: (reason: string) => new StyleEngineError(`${FAILED}: ${reason}`),
  timedOut: () => new StyleEngineError(`${FAILED}: the image AI did not answer in time`, true),
  badKey: () => new StyleEngineError(`${FAILED}: the image AI rejected the API key`),
  busy: () => new StyleEngineError(`${FAILED}: the image AI is busy, please try again`, true),
  unreachable: () => new StyleEngineError(`${FAILED}: the image AI could not be reached, please try again`, true),
  noImage: () => new StyleEngineError(`${FAILED}: the image AI returned no image`),
  unreadableImage: () => new StyleEngineError(`${FAILED}: the image AI returned an unreadable image`),
};

const TOO_LARGE = /payload too large|request entity too large|(file|image|payload|request|body)( is)? too (large|big)/i;

/**
 * One place turns an HTTP answer into the visitor's vocabulary; `reason` is the provider's
 * own explanation, kept for the failures that only the provider can explain.
 */
export function failureForStatus(status: number, reason: string): StyleEngineError {
  if (status === 413 || TOO_LARGE.test(reason)) return hostedFailure.tooLarge();
  if (status === 401 || status === 403) return hostedFailure.badKey();
  if (status === 408 || status === 429 || status >= 500) return hostedFailure.busy();
  return hostedFailure.rejected(reason || `the image AI answered ${status}`);
}

/** A refusal the provider explained in words only (a failed prediction, a moderation verdict). */
export function failureForReason(reason: string): StyleEngineError {
  if (TOO_LARGE.test(reason)) return hostedFailure.tooLarge();
  return hostedFailure.rejected(reason || 'the image AI gave no reason');
}

/** A provider's explanation as one readable line, or '' when it gave none worth showing. */
export function providerReason(text: unknown): string {
  if (typeof text !== 'string') return '';
  const line = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return line.length > 300 ? `${line.slice(0, 297)}...` : line;
}

export interface HostedUpload {
  image: Buffer;
  width: number;
  height: number;
}

/** The photo as the image AIs take it: a JPEG no longer than 1536 px on its long side. */
export async function photoForUpload(photo: Buffer): Promise<HostedUpload> {
  const sharp = await loadSharp();
  const { data, info } = await sharp(photo)
    .resize(HOSTED_UPLOAD_LONG_SIDE, HOSTED_UPLOAD_LONG_SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    // The AI repaints the photo anyway, so a lighter upload loses nothing and arrives sooner.
    .jpeg({ quality: 88 })
    .toBuffer({ resolveWithObject: true });
  return { image: data, width: info.width, height: info.height };
}

/**
 * The AI's picture as our artwork: a JPEG, shrunk to the wanted long side when bigger. A
 * smaller one stays as it is; the print file is enlarged separately.
 */
export async function artworkFromOutput(output: Buffer, longSide: number): Promise<StyleResult> {
  const sharp = await loadSharp();
  try {
    const { data, info } = await sharp(output)
      .resize(longSide, longSide, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 90, chromaSubsampling: '4:4:4' })
      .toBuffer({ resolveWithObject: true });
    return { image: data, width: info.width, height: info.height };
  } catch {
    throw hostedFailure.unreadableImage();
  }
}
