/**
 * The shop's log. What a visitor typed (names, e-mail and postal addresses, phone numbers),
 * where their photo was taken, and every secret stay out of it: known fields are redacted at
 * any depth a log line nests them, URLs lose the secret the Printful webhook carries and
 * the signature of signed links, and database errors lose the query parameters drizzle
 * copies into their message.
 *
 * The fields are found in one walk over each line (`redactFields`), not by pino's `redact`
 * paths: those are tried one by one on every value of every line and every request's logger
 * bindings, and with this list (165 paths) they took 43% of a shop's time serving a cached
 * catalog read with request logs on, and 12% with them off.
 */
import pino, { type DestinationStream } from 'pino';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.js';

/** Field names that hold personal data or secrets wherever they appear. */
const SENSITIVE_FIELDS = [
  'email',
  'customer_email',
  'customerEmail',
  'shipping_email',
  'name',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'full_name',
  'fullName',
  'customer_name',
  'recipient',
  'address',
  'address1',
  'address2',
  'address_line1',
  'address_line2',
  'line1',
  'line2',
  'street',
  'zip',
  'postal_code',
  'postalCode',
  'phone',
  'shipping',
  'shipping_address',
  'shippingAddress',
  'billing',
  'billing_address',
  'billingAddress',
  'latitude',
  'longitude',
  'lat',
  'lng',
  'gps',
  'location_name',
  'locationName',
  'password',
  'password_hash',
  'token',
  'secret',
  'apiKey',
  'api_key',
  'client_secret',
  'clientSecret',
  'authorization',
  'cookie',
  'params',
  'parameters',
];

const SENSITIVE = new Set([...SENSITIVE_FIELDS, 'x-email-token']);
const REDACTED = '[redacted]';

/**
 * How many objects deep a sensitive field is looked for: in the line itself, in an object
 * in it, or in that object's objects (`req.headers.cookie`). Arrays do not count as a level.
 */
const REDACT_DEPTH = 3;

const isPlainObject = (value: object) => {
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * `value` with each field named in SENSITIVE within `depth` levels of objects replaced by
 * "[redacted]". What it changes it copies: a logged object is never altered. It looks into
 * plain objects and arrays only; errors are cleaned by their serializer, requests and
 * replies are logged through theirs, and other objects (dates) log as they are.
 */
export function redactFields(value: unknown, depth = REDACT_DEPTH): unknown {
  if (depth === 0 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const items = value.map((item) => redactFields(item, depth));
    return items.some((item, index) => item !== value[index]) ? items : value;
  }
  if (!isPlainObject(value)) return value;
  let copy: Record<string, unknown> | undefined;
  for (const [key, field] of Object.entries(value)) {
    const clean = SENSITIVE.has(key) ? REDACTED : redactFields(field, depth - 1);
    if (clean !== field) (copy ??= { ...value })[key] = clean;
  }
  return copy ?? value;
}

/** Webhook secrets in a path, and signatures or tokens in a query. */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/webhook\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&](?:signature|token|secret|key)=)[^&#]*/gi, '$1[redacted]');
}

/** drizzle puts `params: value,value…` (the row being written) into its error messages. */
export function redactErrorText(text: string | undefined): string | undefined {
  return text?.replace(/\nparams: [\s\S]*$/, '\nparams: [redacted]');
}

function serializeError(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown as Record<string, unknown>;
  if (!serialized || typeof serialized !== 'object') return serialized;
  const clean: Record<string, unknown> = { ...serialized };
  clean.message = redactErrorText(clean.message as string | undefined);
  clean.stack = redactErrorText(clean.stack as string | undefined);
  delete clean.params;
  if (clean.cause && typeof clean.cause === 'object') clean.cause = serializeError(clean.cause);
  // An error logs under a key of its line, so its own fields are one level down.
  return redactFields(clean, REDACT_DEPTH - 1);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  hostname?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

export function createLogger(config: Pick<Config, 'logLevel'>, destination?: DestinationStream): FastifyBaseLogger {
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    formatters: { log: (line) => redactFields(line) as Record<string, unknown> },
    serializers: {
      err: serializeError,
      error: serializeError,
      req: (request: LoggedRequest) => ({
        method: request.method,
        url: request.url === undefined ? undefined : redactUrl(request.url),
        host: request.hostname,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
      url: (url: unknown) => (typeof url === 'string' ? redactUrl(url) : url),
    },
  };
  const logger = destination ? pino(options, destination) : pino(options);
  // A child logger's bindings (a request's id, for one) go into each of its lines as they
  // are: pino gives them no formatter. So they are redacted as the child is made, by every
  // logger descended from this one (a child's methods are its parent's).
  const makeChild = logger.child;
  logger.child = function (this: typeof logger, bindings, childOptions) {
    return makeChild.call(this, redactFields(bindings) as pino.Bindings, childOptions);
  } as typeof makeChild;
  return logger as FastifyBaseLogger;
}
