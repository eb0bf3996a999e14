/**
 * Removing artworks for good: the row, its preview, print file and mockups, and the visitor's
 * photo once no other artwork was made from it. An artwork an order needs is never removed:
 * the order must still be printable and show what was bought.
 */
import { TRANSFORMATION_MESSAGES } from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import { renditionKeys } from '../../infra/renditions.js';
import { HOMEPAGE_LOCK } from './homepage-examples.js';
import * as repository from './data-tools-repository.js';

export type RemovalOutcome =
  | { id: string; status: 'removed'; imageRemoved: boolean; files: string[] }
  | { id: string; status: 'refused'; reason: string; orderId?: string }
  | { id: string; status: 'missing' };

/** Thrown to undo a dry run's transaction once it has found what would go. */
class DryRunDone extends Error {
  constructor(readonly outcomes: RemovalOutcome[]) {
    super('dry run');
  }
}

/**
 * Removes the artworks, or with `dryRun` only says what would go: the same transaction runs
 * the same checks and deletes, then is rolled back, and no file is touched — so the preview
 * cannot disagree with the real thing.
 */
export async function removeTransformations(
  context: AppContext,
  ids: string[],
  options: { keepHomepageExamples: boolean; dryRun?: boolean },
): Promise<RemovalOutcome[]> {
  const run = context.db.transaction(async (tx) => {
    // The homepage lock: an artwork being made an example right now is not removed under it.
    await repository.lockWithin(tx, HOMEPAGE_LOCK);
    const results: RemovalOutcome[] = [];
    for (const id of ids) {
      const row = await repository.findTransformationForUpdate(tx, id);
      if (!row) {
        results.push({ id, status: 'missing' });
        continue;
      }
      const orderId = await repository.orderNeeding(tx, row);
      if (orderId) {
        results.push({ id, status: 'refused', reason: TRANSFORMATION_MESSAGES.neededByOrder(orderId), orderId });
        continue;
      }
      if (options.keepHomepageExamples && row.is_homepage_example) {
        results.push({ id, status: 'refused', reason: TRANSFORMATION_MESSAGES.cannotDeleteHomepage });
        continue;
      }
      const mockupFiles = await repository.listMockupFiles(tx, id);
      await repository.deleteTransformation(tx, id);
      const files = [
        row.storage_path,
        row.print_file_path,
        ...renditionKeys(row.renditions),
        ...mockupFiles.flatMap((mockup) => [mockup.key, ...renditionKeys(mockup.renditions)]),
      ];
      let imageRemoved = false;
      if (!(await repository.hasTransformationsOf(tx, row.image_id))) {
        const image = await repository.deleteImage(tx, row.image_id);
        if (image) {
          files.push(image.storage_path, image.display_path);
          imageRemoved = true;
        }
      }
      const unique = new Set(files.filter((key): key is string => Boolean(key)));
      results.push({ id, status: 'removed', imageRemoved, files: [...unique] });
    }
    if (options.dryRun) throw new DryRunDone(results);
    return results;
  });
  const outcomes = await run.catch((error: unknown) => {
    if (error instanceof DryRunDone) return error.outcomes;
    throw error;
  });
  if (options.dryRun) return outcomes;
  for (const outcome of outcomes) if (outcome.status === 'removed') await deleteFiles(context, outcome.files);
  return outcomes;
}

/** Files go at once; one the storage refuses now is retried by the job queue. */
export async function deleteFiles(context: AppContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    await context.storage.delete(key).catch(async (error: unknown) => {
      context.log.warn({ err: error, key }, 'deleting a file failed; queued for a retry');
      await context.jobs.send('storage.delete', { key });
    });
  }
}
