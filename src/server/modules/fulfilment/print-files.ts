/**
 * Print files, one per ordered line, made only once the order is paid: at a real shop's
 * conversion nearly every artwork is never bought, and rendering a 6000 px file for each
 * took the cores just when visitors waited for their artworks (issue 31). The paid event
 * queues one job per line (jobs/flow.ts); the job that finds every line of its order ready
 * reports so, and the fulfilment submission follows. A line's file is written under its own
 * key and recorded once, so a job repeated after a crash overwrites the same file.
 */
import type { AppContext } from '../../context.js';
import type { Database, Transaction } from '../../db/client.js';
import { printfileSizeOf } from '../mockups/index.js';
import { renderPrintFile } from '../transformations/index.js';
import * as orderRecords from '../order-records/index.js';
import * as repository from './repository.js';

/** 'order-ready' when every line of the order now has its print file: the submission follows. */
export type PrintFileOutcome = 'order-ready' | 'waiting' | 'skipped';

/** The storage key of an ordered line's print file (private: the provider gets a signed link). */
export const printFileKey = (orderItemId: string, extension: 'jpg' | 'png' = 'jpg'): string =>
  `print-files/order-items/${orderItemId}.${extension}`;

/** Orders whose lines may still get a print file: a refunded or cancelled order is not printed. */
const PRINTABLE_STATUSES = ['paid'] as const;

/** Job: renders one ordered line's print file, unless it has one, and says whether its order is ready. */
export async function makeOrderItemPrintFile(context: AppContext, orderItemId: string): Promise<PrintFileOutcome> {
  const { db, storage } = context;
  const line = await repository.findLineWithOrderStatus(db, orderItemId);
  if (!line || !PRINTABLE_STATUSES.includes(line.orderStatus as (typeof PRINTABLE_STATUSES)[number])) return 'skipped';
  const { item } = line;

  if (!item.print_file_path) {
    const variantId = item.printful_variant_id;
    const printfileSize = variantId ? await printfileSizeOf(context, variantId) : undefined;
    const file = item.transformation_id
      ? await renderPrintFile(context, item.transformation_id, { variantId, fit: item.fit, printfileSize })
      : null;
    // An order keeps its artwork (removal refuses one an order needs), so this is a fault to see, and retry.
    if (!file) throw new Error(`Order item ${item.id} has no finished artwork to print`);
    const key = printFileKey(item.id, file.extension);
    await storage.put(key, file.image, { contentType: file.contentType });
    await orderRecords.setPrintFile(db, item.id, { print_file_path: key, print_placement: file.placement });
  }
  return (await linesWithoutPrintFile(context, item.order_id)).length === 0 ? 'order-ready' : 'waiting';
}

/** The order's lines still waiting for their print file, in cart order. */
export async function linesWithoutPrintFile(context: AppContext, orderId: string): Promise<string[]> {
  return (await linesWithoutPrintFileOf(context.db, [orderId])).get(orderId) ?? [];
}

/** For each order, its lines still waiting for a print file (an order with none is left out). */
export async function linesWithoutPrintFileOf(
  db: Database | Transaction,
  orderIds: readonly string[],
): Promise<Map<string, string[]>> {
  const waiting = new Map<string, string[]>();
  if (orderIds.length === 0) return waiting;
  const rows = await repository.listLinesWithoutPrintFile(db, [...orderIds]);
  for (const { id, orderId } of rows) waiting.set(orderId, [...(waiting.get(orderId) ?? []), id]);
  return waiting;
}
