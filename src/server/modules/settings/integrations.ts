/**
 * The Settings page's integration cards: which adapter each port uses and whether it
 * answers. Built-in adapters run inside the shop; a real service is asked with one cheap,
 * read-only call under its configured key.
 */
import { randomUUID } from 'node:crypto';
import type { IntegrationCheck, IntegrationId, IntegrationStatus } from '../../../domain/admin-settings.js';
import { PAYMENT_MESSAGES } from '../../../domain/checkout.js';
import type { AppContext } from '../../context.js';
import { PrintfulClient } from '../../infra/printful/client.js';
import { activePaymentProviderId } from '../payments/index.js';
import { keySource } from './service.js';

const CHECK_TIMEOUT_MS = 8_000;

interface Probe {
  label: string;
  adapter: string;
  builtIn: boolean;
  configuredBy: IntegrationStatus['configuredBy'];
  /** Resolves with what to tell the owner; throws with the reason it failed. */
  run(): Promise<string>;
}

function probeFor(context: AppContext, id: IntegrationId): Probe {
  const { config } = context;
  switch (id) {
    case 'database':
      return {
        label: 'Database',
        adapter: context.database.kind === 'pglite' ? 'PGlite (embedded PostgreSQL)' : 'PostgreSQL',
        builtIn: context.database.kind === 'pglite',
        configuredBy: context.database.kind === 'pglite' ? 'default' : 'environment',
        async run() {
          await context.db.execute('select 1');
          return 'select 1 answered';
        },
      };
    case 'storage':
      return {
        label: 'File storage',
        adapter:
          context.storage.kind === 'local'
            ? 'Local files in DATA_DIR/storage'
            : `S3-compatible bucket "${config.s3?.bucket}"`,
        builtIn: context.storage.kind === 'local',
        configuredBy: context.storage.kind === 'local' ? 'default' : 'environment',
        async run() {
          // A private key: the probe is never served, and is removed at once.
          const key = `original/connection-test-${randomUUID()}.txt`;
          const body = Buffer.from(`probe ${Date.now()}`);
          await context.storage.put(key, body, { contentType: 'text/plain' });
          try {
            const read = await context.storage.get(key);
            if (!read.equals(body)) throw new Error('the object read back differs from the one written');
          } finally {
            await context.storage.delete(key);
          }
          return 'wrote, read back and deleted a test object';
        },
      };
    case 'payments': {
      const stripe = config.stripe;
      if (!stripe) {
        if (activePaymentProviderId(context) === 'test')
          return builtIn('Payments', 'Built-in test provider (Stripe test cards)');
        return {
          label: 'Payments',
          adapter: 'None: the test provider is off while Printful makes real orders',
          builtIn: true,
          configuredBy: 'default',
          async run() {
            throw new Error(
              `${PAYMENT_MESSAGES.notConfigured}: save the Stripe keys, or set ALLOW_TEST_PAYMENTS=true to take test payments for real Printful orders`,
            );
          },
        };
      }
      return {
        label: 'Payments',
        adapter: 'Stripe',
        builtIn: false,
        configuredBy: keySource(config, 'stripe_secret_key'),
        async run() {
          const base = stripe.apiBase ? new URL(stripe.apiBase) : undefined;
          const { default: Stripe } = await import('stripe');
          const client = new Stripe(stripe.secretKey, {
            maxNetworkRetries: 0,
            timeout: CHECK_TIMEOUT_MS,
            ...(base
              ? {
                  host: base.hostname,
                  port: Number(base.port) || undefined,
                  protocol: base.protocol.replace(':', '') as 'http' | 'https',
                }
              : {}),
          });
          const balance = await client.balance.retrieve();
          return `Stripe answered (${balance.livemode ? 'live' : 'test'} mode)`;
        },
      };
    }
    case 'print-provider': {
      const printful = config.printful;
      if (!printful) return builtIn('Print provider', 'Built-in catalog with simulated fulfilment');
      return {
        label: 'Print provider',
        adapter: 'Printful',
        builtIn: false,
        configuredBy: keySource(config, 'printful_api_key'),
        async run() {
          const client = new PrintfulClient({ ...printful, maxRetries: 0, timeoutMs: CHECK_TIMEOUT_MS });
          const products = await client.get<unknown[]>('/products');
          return `Printful answered (${Array.isArray(products) ? products.length : 0} catalog products)`;
        },
      };
    }
    case 'image-ai': {
      const { openai, replicate } = config;
      if (openai) {
        return {
          label: 'Image AI',
          adapter: `OpenAI (${openai.model}); local styles run on this server`,
          builtIn: false,
          configuredBy: keySource(config, 'openai_api_key'),
          async run() {
            const { default: OpenAI } = await import('openai');
            const client = new OpenAI({
              apiKey: openai.apiKey,
              baseURL: openai.baseUrl,
              maxRetries: 0,
              timeout: CHECK_TIMEOUT_MS,
            });
            await client.models.list();
            return 'OpenAI answered';
          },
        };
      }
      if (replicate) {
        return {
          label: 'Image AI',
          adapter: `Replicate (${replicate.model}); local styles run on this server`,
          builtIn: false,
          configuredBy: keySource(config, 'replicate_api_token'),
          async run() {
            const base = (replicate.baseUrl ?? 'https://api.replicate.com').replace(/\/+$/, '');
            const response = await fetch(`${base}/v1/account`, {
              headers: { authorization: `Bearer ${replicate.apiToken}` },
              signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
            });
            if (!response.ok) throw new Error(`Replicate answered ${response.status}`);
            const account = (await response.json()) as { username?: string };
            return `Replicate answered${account.username ? ` (account ${account.username})` : ''}`;
          },
        };
      }
      return builtIn('Image AI', 'Local styles on this server (no hosted image AI)');
    }
    case 'email': {
      const smtpUrl = config.smtpUrl;
      if (!smtpUrl) return builtIn('E-mail', 'Outbox (messages kept in the shop, readable in the admin)');
      return {
        label: 'E-mail',
        adapter: `SMTP (${new URL(smtpUrl).hostname})`,
        builtIn: false,
        configuredBy: 'environment',
        async run() {
          const { default: nodemailer } = await import('nodemailer');
          const transport = nodemailer.createTransport(smtpUrl, {
            connectionTimeout: CHECK_TIMEOUT_MS,
            greetingTimeout: CHECK_TIMEOUT_MS,
            socketTimeout: CHECK_TIMEOUT_MS,
          } as never);
          try {
            await transport.verify();
          } finally {
            transport.close();
          }
          return 'the SMTP server accepted the connection';
        },
      };
    }
  }
}

function builtIn(label: string, adapter: string): Probe {
  return { label, adapter, builtIn: true, configuredBy: 'default', run: async () => 'built-in: runs inside the shop' };
}

export async function checkIntegration(context: AppContext, id: IntegrationId): Promise<IntegrationStatus> {
  const probe = probeFor(context, id);
  const started = Date.now();
  let check: IntegrationCheck;
  try {
    const message = await withTimeout(probe.run(), CHECK_TIMEOUT_MS);
    check = { ok: true, message, latencyMs: Date.now() - started, checkedAt: new Date().toISOString() };
  } catch (error) {
    check = {
      ok: false,
      message: reasonOf(error),
      latencyMs: Date.now() - started,
      checkedAt: new Date().toISOString(),
    };
  }
  const { run: _run, ...shown } = probe;
  return { id, ...shown, check };
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function reasonOf(error: unknown): string {
  const status = (error as { status?: number }).status;
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim().slice(0, 240);
  return status && !line.includes(String(status)) ? `${line} (HTTP ${status})` : line;
}
