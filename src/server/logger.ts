/**
 * The shop's log. What a visitor typed (names, e-mail and postal addresses, phone numbers),
 * where their photo was taken, and every secret stay out of it: known fields are redacted at
 * any depth a log line nests them, URLs lose the secret the Printful webhook carries and
 * the signature of signed links, and database errors lose the query parameters drizzle
 * copies into their message.
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

/** A few levels deep: log lines put these at the top, under an object, or under an object's object. */
const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-email-token"]',
  ...SENSITIVE_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

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
  return clean;
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
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
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
  return (destination ? pino(options, destination) : pino(options)) as FastifyBaseLogger;
}
