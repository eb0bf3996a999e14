/**
 * A customer's right to erasure: every photo, artwork, print file and mockup tied to their
 * e-mail goes, except what an order still needs (the order is a record the shop must keep,
 * and it must stay printable). Kept artworks lose the e-mail; orders are left intact.
 */
import type { CustomerErasureResult } from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import * as repository from './data-tools-repository.js';
import { removeTransformations } from './removal.js';

/**
 * Erases the customer's data, or with `dryRun` lists what would go and what an order keeps,
 * changing nothing: the owner reads the list before pressing the button that cannot be undone.
 */
export async function eraseCustomer(
  context: AppContext,
  email: string,
  { dryRun = false }: { dryRun?: boolean } = {},
): Promise<CustomerErasureResult> {
  const byEmail = await repository.listTransformationsByEmail(context.db, email);
  const ordered = await repository.listOrderedTransformations(context.db, email);
  // Every artwork made from the customer's photos is theirs, whether or not it carries the e-mail.
  const imageIds = [...new Set(byEmail.map((row) => row.imageId))];
  const siblings = await repository.listTransformationsOfImages(context.db, imageIds);
  const ids = [
    ...new Set([...byEmail, ...siblings, ...ordered].map((row) => row.id).filter((id): id is string => Boolean(id))),
  ];

  // What the owner is shown of each artwork, read before it goes.
  const details = await repository.listErasureDetails(context.db, ids);
  const outcomes = await removeTransformations(context, ids, { keepHomepageExamples: false, dryRun });
  const kept = outcomes.flatMap((outcome) =>
    outcome.status === 'refused' && outcome.orderId ? [{ transformationId: outcome.id, orderId: outcome.orderId }] : [],
  );
  if (kept.length > 0 && !dryRun) {
    await repository.clearEmail(
      context.db,
      kept.map((entry) => entry.transformationId),
    );
  }
  const removed = outcomes.flatMap((outcome) => (outcome.status === 'removed' ? [outcome] : []));
  const byId = new Map(details.map((row) => [row.id, row]));
  const artworks = outcomes.flatMap((outcome) => {
    const row = byId.get(outcome.id);
    if (!row || outcome.status === 'missing') return [];
    const keptFor = outcome.status === 'refused' ? (outcome.orderId ?? null) : null;
    return [
      {
        id: row.id,
        fileName: row.fileName,
        createdAt: row.createdAt.toISOString(),
        // Shown to the owner while it still exists: a kept artwork or a dry run's.
        artworkUrl: row.storagePath && (dryRun || keptFor) ? context.storage.publicUrl(row.storagePath) : null,
        keptForOrder: keptFor,
      },
    ];
  });
  return {
    email,
    dryRun,
    artworks,
    removedTransformations: removed.length,
    removedImages: removed.filter((outcome) => outcome.imageRemoved).length,
    removedFiles: removed.flatMap((outcome) => outcome.files),
    kept,
  };
}
