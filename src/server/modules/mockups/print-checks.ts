/**
 * How sharp an artwork prints on each product: the photo's effective resolution on its print
 * area (domain/placement.ts), told to the storefront with the mockups and checked again by the
 * checkout, which refuses a line the storefront would not have let the visitor add.
 */
import { findBuiltinVariant } from '../../../domain/builtin-catalog.js';
import { printCheckOf, type ArtFit, type PrintCheck } from '../../../domain/placement.js';
import { isLocalStyleId, paintsAtPrintSize } from '../../../domain/styles.js';
import type { Database } from '../../db/client.js';
import { findTransformationWithSources } from '../transformations/index.js';

export interface PrintSource {
  /** The finished artwork's size: its aspect decides the placement. */
  art: { width: number; height: number };
  /** The pixels a print is made from: the original photo for a local style, the artwork for a hosted one. */
  photo: { width: number; height: number };
  paintedAtPrintSize: boolean;
}

/** What an artwork's print files are made from; undefined while it is not finished. */
export async function printSourceOf(db: Database, transformationId: string): Promise<PrintSource | undefined> {
  const { transformation, image, style } = (await findTransformationWithSources(db, transformationId)) ?? {};
  const engine = style?.engine;
  if (!transformation?.width || !transformation.height || !image) return undefined;
  const art = { width: transformation.width, height: transformation.height };
  const local = engine ? isLocalStyleId(engine) : false;
  return {
    art,
    photo: local ? { width: image.width, height: image.height } : art,
    paintedAtPrintSize: engine ? paintsAtPrintSize(engine) : false,
  };
}

/** The check of each built-in variant (others are left out: their print areas are Printful's). */
export function printChecks(source: PrintSource, variantIds: readonly number[], fit?: ArtFit | null): PrintCheck[] {
  return variantIds.flatMap((variantId) => {
    const found = findBuiltinVariant(variantId);
    return found ? [printCheckOf(found, source.art, source.photo, source.paintedAtPrintSize, fit)] : [];
  });
}
