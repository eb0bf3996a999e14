/**
 * The artwork rows behind Content's example pairs and the homepage flag. The content module
 * decides what a pair is and shows it; the rows are written here, by the module that owns
 * image_transformations, so the flag, the lock and the removal rules stay in one place.
 */
import { EXAMPLE_MESSAGES, HOMEPAGE_EXAMPLES_MAX, HOMEPAGE_FULL_CODE } from '../../../domain/admin-content.js';
import type { AppContext } from '../../context.js';
import { HttpError, badRequest, conflict, notFound } from '../../http/errors.js';
import { renditionKeys } from '../../infra/renditions.js';
import * as repository from './data-tools-repository.js';
import type { NewTransformation, TransformationRow } from './data-tools-repository.js';

/** Serialises homepage changes, so two admins at once never make a third homepage example. */
export const HOMEPAGE_LOCK = 727_274_007;

/** Records the owner's uploaded pair: a completed artwork of a stored photo. */
export async function insertExampleTransformation(
  context: AppContext,
  values: NewTransformation,
): Promise<TransformationRow> {
  return repository.insertTransformation(context.db, values);
}

export interface HomepageChange {
  changed: string[];
  unchanged: string[];
  /** Not found, or with no finished artwork to show, or its maker did not agree to show it. */
  refused: string[];
  /** Of `refused`: artworks whose makers did not agree to the gallery. */
  withoutConsent: string[];
}
/**
 * The homepage flag for one artwork or several (Content's pairs and the Transformations
 * feed share it): at most HOMEPAGE_EXAMPLES_MAX, the oldest turned off only when the owner
 * confirmed. An example is shown on Home, so setting one also makes it visible there.
 */
export async function changeHomepageExamples(
  context: AppContext,
  ids: string[],
  wanted: { isHomepageExample: boolean; replaceOldest: boolean },
): Promise<HomepageChange> {
  return context.db.transaction(async (tx) => {
    await repository.lockWithin(tx, HOMEPAGE_LOCK);
    const rows = await repository.findTransformations(tx, ids);
    const found = new Map(rows.map((row) => [row.id, row]));
    const refused = ids.filter((id) => {
      const row = found.get(id);
      return (
        !row || (wanted.isHomepageExample && (row.status !== 'completed' || !row.storage_path || !row.gallery_consent))
      );
    });
    const withoutConsent = wanted.isHomepageExample
      ? rows.filter((row) => !row.gallery_consent).map((row) => row.id)
      : [];
    const eligible = rows.filter((row) => !refused.includes(row.id));
    const unchanged = eligible
      .filter((row) => row.is_homepage_example === wanted.isHomepageExample)
      .map((row) => row.id);
    const changed = eligible.filter((row) => row.is_homepage_example !== wanted.isHomepageExample).map((row) => row.id);
    if (changed.length === 0) return { changed, unchanged, refused, withoutConsent };
    if (wanted.isHomepageExample) {
      if (changed.length + unchanged.length > HOMEPAGE_EXAMPLES_MAX) throw badRequest(EXAMPLE_MESSAGES.tooMany);
      const current = await repository.listOtherHomepageExampleIds(tx, ids);
      const excess = current.length + changed.length + unchanged.length - HOMEPAGE_EXAMPLES_MAX;
      if (excess > 0) {
        if (!wanted.replaceOldest) {
          throw new HttpError(409, EXAMPLE_MESSAGES.replaceConfirmation, { code: HOMEPAGE_FULL_CODE });
        }
        await repository.setHomepageFlag(tx, current.slice(0, excess), false);
      }
      await repository.setHomepageFlag(tx, changed, true);
    } else {
      await repository.setHomepageFlag(tx, changed, false);
    }
    return { changed, unchanged, refused, withoutConsent };
  });
}

/**
 * Deletes a pair: the artwork, and the original too when no other artwork was made from it.
 * Files an order still needs for printing are kept.
 */
export async function deleteExample(context: AppContext, id: string): Promise<void> {
  const unusedFiles = await context.db.transaction(async (tx) => {
    await repository.lockWithin(tx, HOMEPAGE_LOCK);
    const row = await repository.findTransformation(tx, id);
    if (!row) throw notFound(EXAMPLE_MESSAGES.notFound);
    if (row.is_homepage_example) throw conflict(EXAMPLE_MESSAGES.cannotDeleteHomepage);
    const ordered = await repository.isTransformationOrdered(tx, id);
    await repository.deleteTransformation(tx, id);
    const files = ordered ? [] : [row.storage_path, row.print_file_path, ...renditionKeys(row.renditions)];
    if (!(await repository.hasTransformationsOf(tx, row.image_id))) {
      const image = await repository.deleteImage(tx, row.image_id);
      if (image) files.push(image.storage_path, image.display_path);
    }
    return files.filter((key): key is string => Boolean(key));
  });
  for (const key of unusedFiles) await context.jobs.send('storage.delete', { key });
}
