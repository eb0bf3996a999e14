/**
 * The Transformations feed (admin §2 Transformations, §3 Transformation (admin view), EXIF
 * data, filters; §4 homepage flag and bulk rules): every artwork visitors made, filtered and
 * paged in SQL, with the owner's two switches: homepage example and gallery visibility.
 */
import {
  TRANSFORMATION_MESSAGES,
  TRANSFORMATIONS_PAGE_SIZE,
  UNKNOWN_STYLE,
  type AdminTransformation,
  type BulkAction,
  type BulkResult,
  type ExifData,
  type TransformationFilters,
  type TransformationPage,
} from '../../../domain/admin-transformations.js';
import type { AppContext } from '../../context.js';
import { badRequest, HttpError, notFound } from '../../http/errors.js';
import { changeHomepageExamples } from './homepage-examples.js';
import * as repository from './data-tools-repository.js';
import type { FeedRow, ImageRow } from './data-tools-repository.js';
import { removeTransformations } from './removal.js';

export async function listTransformations(
  context: AppContext,
  filters: TransformationFilters,
): Promise<TransformationPage> {
  const offset = (filters.page - 1) * TRANSFORMATIONS_PAGE_SIZE;
  const { rows, total } = await repository.listFeedPage(context.db, filters, {
    offset,
    limit: TRANSFORMATIONS_PAGE_SIZE,
  });
  return {
    items: rows.map((row) => toAdminTransformation(context, row)),
    total,
    page: filters.page,
    page_size: TRANSFORMATIONS_PAGE_SIZE,
  };
}

export function toAdminTransformation(
  context: AppContext,
  { transformation, image, styleName }: FeedRow,
): AdminTransformation {
  return {
    id: transformation.id,
    originalFileName: image.file_name,
    createdAt: transformation.created_at.toISOString(),
    styleId: transformation.style_id,
    styleName: styleName ?? UNKNOWN_STYLE,
    // The display copy: the original keeps its GPS and never gets a URL (storage port).
    originalImageUrl: context.storage.publicUrl(image.display_path),
    transformedImageUrl:
      transformation.status === 'completed' && transformation.storage_path
        ? context.storage.publicUrl(transformation.storage_path)
        : null,
    status: transformation.status,
    isHomepageExample: transformation.is_homepage_example,
    hiddenFromGallery: !transformation.is_public,
    galleryConsent: transformation.gallery_consent,
    exifData: exifDataOf(image),
  };
}

/** The images row's metadata columns, grouped as admin §3 EXIF data; null when the photo told nothing. */
export function exifDataOf(image: ImageRow): ExifData | null {
  const data: ExifData = {
    camera: { make: image.camera_make, model: image.camera_model, serial: image.camera_serial },
    lens: { make: image.lens_make, model: image.lens_model },
    settings: {
      iso: image.iso,
      aperture: image.aperture,
      shutterSpeed: image.shutter_speed,
      focalLength: image.focal_length,
      flashUsed: image.flash_used,
    },
    location: { latitude: image.latitude, longitude: image.longitude, locationName: image.location_name },
    dateTaken: image.date_time_original?.toISOString() ?? null,
    technical: { software: image.software, orientation: image.orientation },
  };
  const known = (value: unknown): boolean =>
    value !== null && (typeof value !== 'object' || Object.values(value as object).some(known));
  return Object.values(data).some(known) ? data : null;
}

export async function getTransformation(context: AppContext, id: string): Promise<AdminTransformation> {
  const row = await repository.findFeedRow(context.db, id);
  if (!row) throw notFound(TRANSFORMATION_MESSAGES.notFound);
  return toAdminTransformation(context, row);
}

/**
 * Hiding an artwork takes it off Home entirely, so a hidden artwork is never a homepage
 * example; setting one as an example shows it again (changeHomepageExamples).
 */
async function setHidden(
  context: AppContext,
  ids: string[],
  hidden: boolean,
): Promise<{ changed: string[]; unchanged: string[]; examplesRemoved: string[] }> {
  if (ids.length === 0) return { changed: [], unchanged: [], examplesRemoved: [] };
  const rows = await repository.listVisibility(context.db, ids);
  const unchanged = rows.filter((row) => row.is_public === !hidden).map((row) => row.id);
  const changed = rows.filter((row) => row.is_public === hidden).map((row) => row.id);
  // Said back to the owner, who is told the example went too.
  const examplesRemoved = hidden ? rows.filter((row) => row.is_homepage_example).map((row) => row.id) : [];
  if (changed.length > 0) {
    await repository.setHidden(context.db, changed, hidden);
  }
  return { changed, unchanged, examplesRemoved };
}

export async function patchTransformation(
  context: AppContext,
  id: string,
  patch: { is_homepage_example?: boolean; hidden_from_gallery?: boolean; replace_oldest: boolean },
): Promise<AdminTransformation> {
  if (patch.is_homepage_example === true && patch.hidden_from_gallery === true) {
    throw badRequest('A homepage example is shown on Home, so it cannot be hidden from the gallery');
  }
  await getTransformation(context, id);
  if (patch.hidden_from_gallery !== undefined) await setHidden(context, [id], patch.hidden_from_gallery);
  if (patch.is_homepage_example !== undefined) {
    const { refused, withoutConsent } = await changeHomepageExamples(context, [id], {
      isHomepageExample: patch.is_homepage_example,
      replaceOldest: patch.replace_oldest,
    });
    if (withoutConsent.length > 0) throw new HttpError(409, TRANSFORMATION_MESSAGES.noConsent);
    if (refused.length > 0) throw new HttpError(409, TRANSFORMATION_MESSAGES.noArtwork);
  }
  return getTransformation(context, id);
}

export async function deleteTransformation(context: AppContext, id: string): Promise<void> {
  const [outcome] = await removeTransformations(context, [id], { keepHomepageExamples: true });
  if (outcome.status === 'missing') throw notFound(TRANSFORMATION_MESSAGES.notFound);
  if (outcome.status === 'refused')
    throw new HttpError(409, outcome.reason, outcome.orderId ? { orderId: outcome.orderId } : undefined);
}

export async function bulkUpdate(
  context: AppContext,
  request: { ids: string[]; action: BulkAction; replace_oldest: boolean },
): Promise<BulkResult> {
  const ids = [...new Set(request.ids)];
  let result: BulkResult;
  switch (request.action) {
    case 'set_examples':
    case 'remove_examples': {
      const change = await changeHomepageExamples(context, ids, {
        isHomepageExample: request.action === 'set_examples',
        replaceOldest: request.replace_oldest,
      });
      result = {
        succeeded: change.changed.length,
        unchanged: change.unchanged.length,
        failed: change.refused.length,
        errors: change.refused.map(
          (id) =>
            `${id}: ${change.withoutConsent.includes(id) ? TRANSFORMATION_MESSAGES.noConsent : TRANSFORMATION_MESSAGES.noArtwork}`,
        ),
      };
      break;
    }
    case 'hide':
    case 'show': {
      const change = await setHidden(context, ids, request.action === 'hide');
      const missing = ids.filter((id) => !change.changed.includes(id) && !change.unchanged.includes(id));
      result = {
        succeeded: change.changed.length,
        unchanged: change.unchanged.length,
        failed: missing.length,
        errors: missing.map((id) => `${id}: ${TRANSFORMATION_MESSAGES.notFound}`),
      };
      if (change.examplesRemoved.length > 0)
        result.message = TRANSFORMATION_MESSAGES.examplesRemovedByHiding(change.examplesRemoved.length);
      break;
    }
    case 'delete': {
      const outcomes = await removeTransformations(context, ids, { keepHomepageExamples: true });
      const failures = outcomes.filter((outcome) => outcome.status !== 'removed');
      result = {
        succeeded: outcomes.length - failures.length,
        unchanged: 0,
        failed: failures.length,
        errors: failures.map((outcome) =>
          outcome.status === 'refused'
            ? `${outcome.id}: ${outcome.reason}`
            : `${outcome.id}: ${TRANSFORMATION_MESSAGES.notFound}`,
        ),
      };
      break;
    }
  }
  if (result.succeeded === 0 && result.failed === 0) result.message = TRANSFORMATION_MESSAGES.noChanges;
  return result;
}
