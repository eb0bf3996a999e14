/**
 * The log's redaction, field by field: what a visitor typed and every secret is replaced
 * wherever a line nests it, and what is logged is never altered.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactFields } from './logger.js';

function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger(
    { logLevel: 'info' },
    new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }),
  );
  return { log, lines };
}

describe('redactFields', () => {
  it('redacts sensitive fields at the top, in an object, and in an object of an object', () => {
    expect(
      redactFields({
        email: 'ada@example.com',
        order: { id: 'o1', customer_email: 'ada@example.com', shipping: { name: 'Ada' } },
        req: { headers: { cookie: 'sid=1', authorization: 'Bearer x', 'x-email-token': 't', accept: '*/*' } },
      }),
    ).toEqual({
      email: '[redacted]',
      order: { id: 'o1', customer_email: '[redacted]', shipping: '[redacted]' },
      req: {
        headers: { cookie: '[redacted]', authorization: '[redacted]', 'x-email-token': '[redacted]', accept: '*/*' },
      },
    });
  });

  it('looks into arrays without counting them as a level', () => {
    expect(redactFields({ orders: [{ items: [{ name: 'Ada', quantity: 2 }] }] })).toEqual({
      orders: [{ items: [{ name: '[redacted]', quantity: 2 }] }],
    });
  });

  it('stops three objects deep', () => {
    const deep = { a: { b: { c: { email: 'ada@example.com' } } } };
    expect(redactFields(deep)).toBe(deep);
  });

  it('copies what it changes and leaves the logged object as it was', () => {
    const order = { id: 'o1', email: 'ada@example.com', items: [{ name: 'Ada' }] };
    const line = { order, status: 'paid' };
    const redacted = redactFields(line) as { order: { email: string } };
    expect(redacted.order.email).toBe('[redacted]');
    expect(order).toEqual({ id: 'o1', email: 'ada@example.com', items: [{ name: 'Ada' }] });
    const clean = { order: { id: 'o1' }, at: new Date(0) };
    expect(redactFields(clean)).toBe(clean);
  });
});

describe('the logger', () => {
  it('redacts fields in lines, in bindings and in an error’s own fields', () => {
    const { log, lines } = capture();
    log.child({ visitor: { email: 'ada@example.com' } }).info({ shipping_address: { line1: '1 Harbour Road' } }, 'x');
    log.error({ err: Object.assign(new Error('boom'), { phone: '+44 1234', detail: { email: 'ada@example.com' } }) });
    expect(lines[0]).toMatchObject({ visitor: { email: '[redacted]' }, shipping_address: '[redacted]', msg: 'x' });
    expect(lines[1].err).toMatchObject({ message: 'boom', phone: '[redacted]', detail: { email: '[redacted]' } });
    expect(JSON.stringify(lines)).not.toMatch(/ada@example\.com|Harbour|1234/);
  });
});
