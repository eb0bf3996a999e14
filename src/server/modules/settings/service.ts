/**
 * Saved API keys (admin §2 Settings): sealed at rest, never sent back to a browser (only
 * whether one is set and its last 4 characters), and used whenever the environment does not
 * set that key. Other modules read a key with `getSecretSetting`, or simply read
 * `context.config.openai` / `.replicate` / `.printful` / `.stripe`, which `applyStoredSecrets`
 * completes from the saved keys at start and after each save.
 */
import {
  SECRET_SETTINGS,
  SECRET_SETTING_KEYS,
  type SecretSettingKey,
  type SecretSettingView,
  type SettingsUpdate,
  type SettingsView,
} from '../../../domain/admin-settings.js';
import type { Config } from '../../config.js';
import type { AppContext } from '../../context.js';
import { appSecret } from '../../infra/secrets/app-secret.js';
import {
  deriveSettingsKey,
  isSealedSecret,
  lastFour,
  open,
  seal,
  type SealedSecret,
} from '../../infra/secrets/secret-box.js';
import { readSettingRows, writeSettingRows } from '../shop-settings/index.js';

const fromEnvironment = new WeakMap<Config, Record<SecretSettingKey, string | undefined>>();

/** The keys the environment set, read before any saved key completes the config. */
function environmentKeys(config: Config): Record<SecretSettingKey, string | undefined> {
  let keys = fromEnvironment.get(config);
  if (!keys) {
    keys = {
      openai_api_key: config.openai?.apiKey,
      replicate_api_token: config.replicate?.apiToken,
      printful_api_key: config.printful?.apiKey,
      stripe_secret_key: config.serviceDefaults.stripe.secretKey,
      stripe_publishable_key: config.serviceDefaults.stripe.publishableKey,
      stripe_webhook_secret: config.serviceDefaults.stripe.webhookSecret,
    };
    fromEnvironment.set(config, keys);
  }
  return keys;
}

async function settingsKey(config: Config): Promise<Buffer> {
  return deriveSettingsKey(await appSecret(config));
}

async function readSealed(
  context: AppContext,
  keys: readonly SecretSettingKey[],
): Promise<Map<SecretSettingKey, SealedSecret>> {
  const rows = await readSettingRows(context.db, keys);
  const sealed = new Map<SecretSettingKey, SealedSecret>();
  for (const row of rows) if (isSealedSecret(row.value)) sealed.set(row.key as SecretSettingKey, row.value);
  return sealed;
}

async function openSealed(
  context: AppContext,
  name: SecretSettingKey,
  sealed: SealedSecret | undefined,
): Promise<string | undefined> {
  if (!sealed) return undefined;
  try {
    return open(await settingsKey(context.config), name, sealed);
  } catch {
    context.log.warn(`the saved ${name} cannot be decrypted (APP_SECRET changed?); save it again in Settings`);
    return undefined;
  }
}

/** A key for an outside service: the environment's if set, else the one saved in Settings. */
export async function getSecretSetting(context: AppContext, name: SecretSettingKey): Promise<string | undefined> {
  const fromEnv = environmentKeys(context.config)[name];
  if (fromEnv) return fromEnv;
  return openSealed(context, name, (await readSealed(context, [name])).get(name));
}

export async function settingsView(context: AppContext): Promise<SettingsView> {
  const env = environmentKeys(context.config);
  const sealed = await readSealed(context, SECRET_SETTING_KEYS);
  const keys = SECRET_SETTINGS.map((definition): SecretSettingView => {
    const envValue = env[definition.key];
    const saved = sealed.get(definition.key);
    return {
      ...definition,
      isSet: Boolean(envValue || saved),
      last4: envValue ? lastFour(envValue) : (saved?.last4 ?? null),
      source: envValue ? 'environment' : saved ? 'saved' : null,
    };
  });
  return { keys };
}

export async function saveSettings(context: AppContext, update: SettingsUpdate): Promise<SettingsView> {
  if (!context.config.appSecret && context.config.databaseUrl) {
    context.log.warn(
      "APP_SECRET is unset: saved keys are sealed with this process's DATA_DIR/app-secret; set APP_SECRET when several processes share the database",
    );
  }
  const key = await settingsKey(context.config);
  const rows = (Object.entries(update.keys) as Array<[SecretSettingKey, string | null | undefined]>)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => ({ key: name, value: value === null ? null : seal(key, name, value!), isSecret: true }));
  await writeSettingRows(context.db, rows);
  await applyStoredSecrets(context);
  return settingsView(context);
}

/**
 * Completes the config's keyed services from the saved keys where the environment set none,
 * so every adapter that reads `context.config` uses them (hosted-AI styles appear in the
 * picker once an image-AI key is saved). Another process sees a new key after its restart,
 * or at once through `getSecretSetting`.
 */
export async function applyStoredSecrets(context: AppContext): Promise<void> {
  const { config } = context;
  const env = environmentKeys(config);
  const defaults = config.serviceDefaults;
  const sealed = await readSealed(context, SECRET_SETTING_KEYS);
  const saved = async (name: SecretSettingKey) => (env[name] ? undefined : openSealed(context, name, sealed.get(name)));

  if (!env.openai_api_key) {
    const apiKey = await saved('openai_api_key');
    config.openai = apiKey ? { apiKey, ...defaults.openai } : undefined;
  }
  if (!env.replicate_api_token) {
    const apiToken = await saved('replicate_api_token');
    config.replicate = apiToken ? { apiToken, ...defaults.replicate } : undefined;
  }
  if (!env.printful_api_key) {
    const apiKey = await saved('printful_api_key');
    config.printful = apiKey ? { apiKey, ...defaults.printful } : undefined;
  }
  // Each of Stripe's keys comes from the environment if set there, else from Settings.
  if (!(env.stripe_secret_key && env.stripe_publishable_key && env.stripe_webhook_secret)) {
    const secretKey = env.stripe_secret_key ?? (await saved('stripe_secret_key'));
    const publishableKey = env.stripe_publishable_key ?? (await saved('stripe_publishable_key'));
    const webhookSecret = env.stripe_webhook_secret ?? (await saved('stripe_webhook_secret'));
    config.stripe =
      secretKey && publishableKey
        ? { secretKey, publishableKey, webhookSecret, apiBase: defaults.stripe.apiBase }
        : undefined;
  }
}

/** Whether a key in use came from the environment or from Settings. */
export function keySource(config: Config, name: SecretSettingKey): 'environment' | 'saved key' {
  return environmentKeys(config)[name] ? 'environment' : 'saved key';
}

/**
 * Re-reads the saved keys every `intervalMs`, so that with several processes a key saved
 * through one of them reaches the others' adapters within that time. Returns the stop.
 */
export function watchStoredSecrets(context: AppContext, intervalMs = 30_000): () => void {
  const timer = setInterval(() => {
    applyStoredSecrets(context).catch((error: unknown) =>
      context.log.warn({ err: error }, 'could not re-read the saved API keys'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
