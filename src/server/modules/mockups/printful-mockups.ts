/**
 * Printful's mockup generator, as a job: create a task with our artwork's public URL, poll
 * until it completes, and copy the results into our storage at once (Printful's mockup URLs
 * expire within a day). Until then, and if it fails, the local mockups stand.
 */
import type { AppContext } from '../../context.js';
import { absoluteUrl } from '../../http/urls.js';
import { printfulClient, type PrintfulClient } from '../../infra/printful/client.js';
import { catalogProvider } from '../catalog/index.js';
import { findProductIdOfVariant, findTransformation, hasPrintfulMockups, saveMockups } from './repository.js';
import { fitFor } from './service.js';

export interface MockupTiming {
  /** Printful suggests the first poll after about 10 s. */
  firstPollMs: number;
  pollEveryMs: number;
  /** The spec's generation time-out: 2 minutes. */
  timeoutMs: number;
}

export const PRINTFUL_MOCKUP_TIMING: MockupTiming = { firstPollMs: 10_000, pollEveryMs: 3_000, timeoutMs: 120_000 };

interface Printfiles {
  printfiles: Array<{ printfile_id: number; width: number; height: number }>;
  variant_printfiles: Array<{ variant_id: number; placements: Record<string, number> }>;
}

interface Task {
  task_key: string;
  status: 'pending' | 'completed' | 'failed';
  error?: string;
  mockups?: Array<{ placement: string; mockup_url: string; extra?: Array<{ title: string; url: string }> }>;
}

export async function renderPrintfulMockups(
  context: AppContext,
  transformationId: string,
  variantId: number,
  timing: MockupTiming = PRINTFUL_MOCKUP_TIMING,
): Promise<void> {
  if (!context.config.printful) return;
  if (await hasPrintfulMockups(context.db, transformationId, variantId)) return;
  const artwork = await findTransformation(context.db, transformationId);
  if (!artwork?.storage_path || !artwork.width || !artwork.height) return;

  const productId = await productIdOf(context, variantId);
  if (!productId) return;
  const client = printfulClient(context.config.printful);
  const { placement, area } = await printArea(client, productId, variantId);
  const task = await client.post<Task>(`/mockup-generator/create-task/${productId}`, {
    variant_ids: [variantId],
    format: 'jpg',
    files: [
      {
        placement,
        image_url: absoluteUrl(context.config, context.storage.publicUrl(artwork.storage_path)),
        position: fitInside(artwork.width, artwork.height, area.width, area.height),
      },
    ],
  });

  const result = await waitForTask(client, task.task_key, timing);
  if (result.status !== 'completed' || !result.mockups?.length) {
    context.log.warn(
      { transformationId, variantId, error: result.error },
      'Printful mockup generation failed; keeping local mockups',
    );
    return;
  }

  const views = result.mockups.flatMap((mockup) => [
    { placement: mockup.placement, label: labelFor(mockup.placement), url: mockup.mockup_url },
    ...(mockup.extra ?? []).map((extra) => ({
      placement: `${mockup.placement}-${slug(extra.title)}`,
      label: extra.title,
      url: extra.url,
    })),
  ]);
  const stamp = Date.now().toString(36);
  const rows = [];
  for (const [position, view] of views.entries()) {
    const response = await fetch(view.url, { signal: AbortSignal.timeout(30_000) });
    if (!response.ok) throw new Error(`Could not copy Printful mockup ${view.url}: ${response.status}`);
    const key = `mockups/${transformationId}/${variantId}-printful-${position}-${stamp}.jpg`;
    await context.storage.put(key, Buffer.from(await response.arrayBuffer()), {
      contentType: 'image/jpeg',
      cacheSeconds: 31_536_000,
    });
    rows.push({
      transformation_id: transformationId,
      printful_variant_id: variantId,
      source: 'printful' as const,
      placement: view.placement,
      label: view.label,
      position,
      storage_path: key,
      fit: fitFor(variantId, null),
    });
  }
  await saveMockups(context.db, rows);
}

async function productIdOf(context: AppContext, variantId: number): Promise<number | undefined> {
  const productId = await findProductIdOfVariant(context.db, variantId);
  if (productId) return productId;
  return (await catalogProvider(context).variant(variantId))?.product.id;
}

/**
 * The pixel size of the printfile Printful's catalog gives this variant's main placement, when
 * Printful is live; undefined otherwise (the built-in catalog's 300 dpi area is used).
 */
export async function printfileSizeOf(
  context: AppContext,
  variantId: number,
): Promise<{ width: number; height: number } | undefined> {
  if (!context.config.printful) return undefined;
  const productId = await productIdOf(context, variantId);
  if (!productId) return undefined;
  const { area } = await printArea(printfulClient(context.config.printful), productId, variantId);
  return area ? { width: area.width, height: area.height } : undefined;
}

async function printArea(client: PrintfulClient, productId: number, variantId: number) {
  const files = await client.get<Printfiles>(`/mockup-generator/printfiles/${productId}`);
  const placements = files.variant_printfiles.find((entry) => entry.variant_id === variantId)?.placements ?? {};
  const placement = ['front', 'default'].find((name) => name in placements) ?? Object.keys(placements)[0] ?? 'default';
  const area = files.printfiles.find((file) => file.printfile_id === placements[placement]) ?? files.printfiles[0];
  return { placement, area };
}

/** The artwork as large as it fits in the print area, centred. */
export function fitInside(width: number, height: number, areaWidth: number, areaHeight: number) {
  const scale = Math.min(areaWidth / width, areaHeight / height);
  const w = Math.round(width * scale);
  const h = Math.round(height * scale);
  return {
    area_width: areaWidth,
    area_height: areaHeight,
    width: w,
    height: h,
    top: Math.round((areaHeight - h) / 2),
    left: Math.round((areaWidth - w) / 2),
  };
}

async function waitForTask(client: PrintfulClient, taskKey: string, timing: MockupTiming): Promise<Task> {
  const deadline = Date.now() + timing.timeoutMs;
  await sleep(timing.firstPollMs);
  for (;;) {
    const task = await client.get<Task>(`/mockup-generator/task?task_key=${encodeURIComponent(taskKey)}`);
    if (task.status !== 'pending') return task;
    if (Date.now() + timing.pollEveryMs > deadline)
      return { task_key: taskKey, status: 'failed', error: 'Mockup generation timed out' };
    await sleep(timing.pollEveryMs);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'view';
const labelFor = (placement: string) => placement.replace(/[_-]+/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
