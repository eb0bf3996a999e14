/**
 * Every setting the shop reads from its environment, validated in one place. Each
 * optional service falls back to an embedded default when its variables are unset, so
 * `npm start` with an empty environment runs the whole shop.
 */
import { resolve } from 'node:path';
import { z } from 'zod';

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : ['true', '1', 'yes'].includes(value)));

const environmentSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  DATABASE_URL: optional,
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag(true),
  S3_PUBLIC_URL: optional,
  SITE_NAME: z.string().default('Wanderer'),
  SUPPORT_EMAIL: z.email().default('support@wanderer.local'),
  RUN_WORKERS: flag(true),
  TRUST_PROXY: flag(false),
  APP_SECRET: optional,
  ADMIN_EMAIL: optional.pipe(z.email().optional()),
  ADMIN_PASSWORD: optional,
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_IMAGE_MODEL: z.string().default('gpt-image-1'),
  REPLICATE_API_TOKEN: optional,
  REPLICATE_BASE_URL: optional,
  REPLICATE_MODEL: z.string().default('black-forest-labs/flux-kontext-pro'),
  STRIPE_SECRET_KEY: optional,
  STRIPE_PUBLISHABLE_KEY: optional,
  STRIPE_WEBHOOK_SECRET: optional,
  STRIPE_API_BASE: optional,
  ALLOW_TEST_PAYMENTS: flag(false),
  PRINTFUL_API_KEY: optional,
  PRINTFUL_STORE_ID: optional,
  PRINTFUL_BASE_URL: z.string().default('https://api.printful.com'),
  PRINTFUL_WEBHOOK_SECRET: optional,
  FULFILMENT_SIMULATION_SECONDS: z.coerce.number().min(0).max(86_400).default(5),
  SMTP_URL: optional,
  MAIL_FROM: optional,
  METRICS_TOKEN: optional,
  BACKUP_INTERVAL_HOURS: z.coerce.number().min(0).max(8760).default(24),
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(120),
  ANALYTICS_RETENTION_MONTHS: z.coerce.number().int().min(1).max(120).default(13),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Environment = z.input<typeof environmentSchema>;

export interface S3Config {
  bucket: string;
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle: boolean;
  /** Base URL under which public objects are served; defaults to endpoint/bucket. */
  publicUrl?: string;
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The address visitors reach the shop at, without a trailing slash. */
  publicUrl: string;
  databaseUrl?: string;
  s3?: S3Config;
  siteName: string;
  supportEmail: string;
  /** Whether this process also works the job queue (a web-only process sets it false). */
  runWorkers: boolean;
  /** Take the client's address from X-Forwarded-For: only behind a proxy that sets it. */
  trustProxy: boolean;
  logLevel: string;
  /** A request (headers and body) must arrive within this long, or it is answered 408 and its connection closed. */
  requestTimeoutSeconds: number;
  /** Funnel events older than this many months are deleted (a year and a month compares a season with the last). */
  analyticsRetentionMonths: number;
  /** Hours between the embedded default's scheduled backups into DATA_DIR/backups; 0 for none. */
  backupIntervalHours: number;
  /** When set, `GET /metrics` asks for it as a bearer token. */
  metricsToken?: string;
  /** Encrypts secrets stored in the settings table and signs private file links. */
  appSecret?: string;
  /** At start, this admin account is created, or its password updated. */
  admin?: { email: string; password: string };
  openai?: { apiKey: string; baseUrl?: string; model: string };
  replicate?: { apiToken: string; baseUrl?: string; model: string };
  stripe?: { secretKey: string; publishableKey: string; webhookSecret?: string; apiBase?: string };
  /**
   * Lets the built-in test provider take payments while a real print provider (Printful) is
   * live, so that its orders are really made: for an owner trying the shop end to end. Off,
   * a live Printful without Stripe means no payments at all.
   */
  allowTestPayments: boolean;
  printful?: { apiKey: string; storeId?: string; baseUrl: string; webhookSecret?: string };
  /** Seconds the simulated fulfilment waits before confirming, and again before shipping. */
  fulfilmentSimulationSeconds: number;
  smtpUrl?: string;
  mailFrom: string;
  /**
   * The non-secret parts of the keyed services, kept even while their key is unset, so that
   * a key saved in the admin Settings completes them (see modules/settings); for Stripe,
   * whose configuration takes two keys, also whichever of its keys the environment set.
   */
  serviceDefaults: {
    openai: { baseUrl?: string; model: string };
    replicate: { baseUrl?: string; model: string };
    printful: { storeId?: string; baseUrl: string; webhookSecret?: string };
    /** Stripe's keys as the environment set them, each winning over a saved one, and its API base. */
    stripe: { secretKey?: string; publishableKey?: string; webhookSecret?: string; apiBase?: string };
  };
}

export class ConfigError extends Error {}

export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const e = parsed.data;
  const shownHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
    backupIntervalHours: e.BACKUP_INTERVAL_HOURS,
    analyticsRetentionMonths: e.ANALYTICS_RETENTION_MONTHS,
    publicUrl: (e.PUBLIC_URL ?? `http://${shownHost}:${e.PORT}`).replace(/\/+$/, ''),
    databaseUrl: e.DATABASE_URL,
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          endpoint: e.S3_ENDPOINT,
          region: e.S3_REGION,
          accessKeyId: e.S3_ACCESS_KEY_ID,
          secretAccessKey: e.S3_SECRET_ACCESS_KEY,
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
          publicUrl: e.S3_PUBLIC_URL?.replace(/\/+$/, ''),
        }
      : undefined,
    siteName: e.SITE_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    runWorkers: e.RUN_WORKERS,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    appSecret: e.APP_SECRET,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    openai: e.OPENAI_API_KEY
      ? { apiKey: e.OPENAI_API_KEY, baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_IMAGE_MODEL }
      : undefined,
    replicate: e.REPLICATE_API_TOKEN
      ? { apiToken: e.REPLICATE_API_TOKEN, baseUrl: e.REPLICATE_BASE_URL, model: e.REPLICATE_MODEL }
      : undefined,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_PUBLISHABLE_KEY
        ? {
            secretKey: e.STRIPE_SECRET_KEY,
            publishableKey: e.STRIPE_PUBLISHABLE_KEY,
            webhookSecret: e.STRIPE_WEBHOOK_SECRET,
            apiBase: e.STRIPE_API_BASE,
          }
        : undefined,
    printful: e.PRINTFUL_API_KEY
      ? {
          apiKey: e.PRINTFUL_API_KEY,
          storeId: e.PRINTFUL_STORE_ID,
          baseUrl: e.PRINTFUL_BASE_URL.replace(/\/+$/, ''),
          webhookSecret: e.PRINTFUL_WEBHOOK_SECRET,
        }
      : undefined,
    allowTestPayments: e.ALLOW_TEST_PAYMENTS,
    fulfilmentSimulationSeconds: e.FULFILMENT_SIMULATION_SECONDS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <${e.SUPPORT_EMAIL}>`,
    serviceDefaults: {
      openai: { baseUrl: e.OPENAI_BASE_URL, model: e.OPENAI_IMAGE_MODEL },
      replicate: { baseUrl: e.REPLICATE_BASE_URL, model: e.REPLICATE_MODEL },
      printful: {
        storeId: e.PRINTFUL_STORE_ID,
        baseUrl: e.PRINTFUL_BASE_URL.replace(/\/+$/, ''),
        webhookSecret: e.PRINTFUL_WEBHOOK_SECRET,
      },
      stripe: {
        secretKey: e.STRIPE_SECRET_KEY,
        publishableKey: e.STRIPE_PUBLISHABLE_KEY,
        webhookSecret: e.STRIPE_WEBHOOK_SECRET,
        apiBase: e.STRIPE_API_BASE,
      },
    },
  };
}
