/**
 * The storefront's hot reads (catalog, styles, hero, gallery) served from memory, with an
 * ETag so a browser that has the answer gets 304.
 *
 * What keeps it fresh is the database, not the code paths that write: a trigger on each
 * table sends `NOTIFY wanderer_cache, '<table>'` (migration 0002), so a change made by
 * any route, job, process or SQL session drops the answers built from that table — in
 * this process before the writing query returns, in the others within a moment (see
 * `DatabaseHandle.listen`).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { DatabaseHandle } from '../db/client.js';

export const CACHE_CHANNEL = 'wanderer_cache';

interface Entry {
  body: string;
  etag: string;
}

interface CachedRead {
  tables: readonly string[];
  entries: Map<string, Entry>;
  /** Bumped by every invalidation, so a load that raced one is not stored. */
  generation: number;
}

export class ReadCache {
  private readonly reads = new Map<string, CachedRead>();
  private stopListening?: Promise<() => Promise<void>>;

  constructor(private readonly database: DatabaseHandle) {}

  /** Follows the database's change notifications; a process that serves no reads never asks. */
  async listen(): Promise<void> {
    this.stopListening ??= this.database.listen(CACHE_CHANNEL, (table) => this.invalidate(table));
    await this.stopListening;
  }

  async close(): Promise<void> {
    const stop = await this.stopListening?.catch(() => undefined);
    await stop?.();
  }

  /** Drops every answer built from `table` (`*`: every answer). */
  invalidate(table = '*'): void {
    for (const read of this.reads.values()) {
      if (table !== '*' && !read.tables.includes(table)) continue;
      read.entries.clear();
      read.generation += 1;
    }
  }

  /**
   * Registers `GET url`, answered from memory. `load` builds the answer from `tables`;
   * `variant`, when given, names what else the answer depends on (a setting, say), and each
   * variant is kept apart.
   */
  get<T>(
    app: FastifyInstance,
    url: string,
    options: { tables: readonly string[]; load: () => Promise<T>; variant?: () => string; schema?: FastifySchema },
  ): void {
    const read: CachedRead = { tables: options.tables, entries: new Map(), generation: 0 };
    this.reads.set(url, read);
    app.get(url, { schema: options.schema }, async (request, reply) => {
      const key = options.variant?.() ?? '';
      let entry = read.entries.get(key);
      if (!entry) {
        const generation = read.generation;
        const body = JSON.stringify(await options.load());
        entry = { body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` };
        if (read.generation === generation) read.entries.set(key, entry);
      }
      return send(request, reply, entry);
    });
  }
}

function send(request: FastifyRequest, reply: FastifyReply, entry: Entry): FastifyReply {
  // Browsers may keep the answer but must ask again each time; the ETag makes asking cheap.
  reply.header('etag', entry.etag).header('cache-control', 'no-cache');
  if (request.headers['if-none-match'] === entry.etag) return reply.status(304).send();
  return reply.type('application/json; charset=utf-8').send(entry.body);
}
