/** Settings (admin §2 Settings): the API keys the owner may save, and the integrations' status. */
import { z } from 'zod';

export const SETTINGS_MESSAGES = {
  saved: 'Settings saved successfully',
  saveFailed: 'Failed to save settings',
  loadFailed: 'Failed to load settings',
  testFailed: 'Connection test failed',
} as const;

export const SECRET_SETTINGS = [
  {
    key: 'openai_api_key',
    label: 'OpenAI API key',
    description: 'Image AI for prompt styles (OpenAI images).',
    envVar: 'OPENAI_API_KEY',
    placeholder: 'sk-…',
  },
  {
    key: 'replicate_api_token',
    label: 'Replicate API token',
    description: 'Image AI for prompt styles (Replicate), used when no OpenAI key is set.',
    envVar: 'REPLICATE_API_TOKEN',
    placeholder: 'r8_…',
  },
  {
    key: 'printful_api_key',
    label: 'Printful API key',
    description: 'Print provider: the Printful catalog, mockups and orders.',
    envVar: 'PRINTFUL_API_KEY',
    placeholder: 'Private token',
  },
  {
    key: 'stripe_secret_key',
    label: 'Stripe secret key',
    description:
      'Card payments with Stripe, with the publishable key below. Without both, the built-in test provider takes payments.',
    envVar: 'STRIPE_SECRET_KEY',
    placeholder: 'sk_live_… or sk_test_…',
  },
  {
    key: 'stripe_publishable_key',
    label: 'Stripe publishable key',
    description: 'Loads Stripe’s card form in the visitor’s browser.',
    envVar: 'STRIPE_PUBLISHABLE_KEY',
    placeholder: 'pk_live_… or pk_test_…',
  },
  {
    key: 'stripe_webhook_secret',
    label: 'Stripe webhook signing secret',
    description: 'Verifies the events Stripe sends to /api/payments/stripe/webhook.',
    envVar: 'STRIPE_WEBHOOK_SECRET',
    placeholder: 'whsec_…',
  },
] as const;

export type SecretSettingKey = (typeof SECRET_SETTINGS)[number]['key'];
export const SECRET_SETTING_KEYS = SECRET_SETTINGS.map((setting) => setting.key) as [
  SecretSettingKey,
  ...SecretSettingKey[],
];

/** What the browser may know about a key: never the key itself. */
export interface SecretSettingView {
  key: SecretSettingKey;
  label: string;
  description: string;
  envVar: string;
  placeholder: string;
  isSet: boolean;
  last4: string | null;
  /** An environment variable wins over a saved key. */
  source: 'environment' | 'saved' | null;
}

export interface SettingsView {
  keys: SecretSettingView[];
}

/**
 * PUT /api/admin/settings: a string saves that key, null removes the saved key, and a key
 * left out is kept as it is.
 */
export const settingsUpdateSchema = z.object({
  keys: z.partialRecord(z.enum(SECRET_SETTING_KEYS), z.string().trim().min(1).max(500).nullable()),
});
export type SettingsUpdate = z.infer<typeof settingsUpdateSchema>;

export const INTEGRATION_IDS = ['database', 'storage', 'payments', 'print-provider', 'image-ai', 'email'] as const;
export type IntegrationId = (typeof INTEGRATION_IDS)[number];

export interface IntegrationCheck {
  ok: boolean;
  message: string;
  latencyMs: number;
  checkedAt: string;
}

export interface IntegrationStatus {
  id: IntegrationId;
  label: string;
  /** The adapter in use, e.g. 'PGlite (embedded)' or 'Stripe'. */
  adapter: string;
  /** True for the embedded default that needs no outside service. */
  builtIn: boolean;
  configuredBy: 'environment' | 'saved key' | 'default';
  check: IntegrationCheck;
}

/**
 * The shop's own choices (not keys): stored in plain text beside the sealed keys. Where the
 * storefront's gallery switch starts is the owner's call; the visitor still decides.
 */
export const SHOP_SETTING_DEFAULTS = { gallery_consent_default: true } as const;
export type ShopSettings = { -readonly [K in keyof typeof SHOP_SETTING_DEFAULTS]: boolean };

export const shopSettingsUpdateSchema = z
  .object({ gallery_consent_default: z.boolean({ error: 'Choose on or off' }) })
  .partial();
export type ShopSettingsUpdate = z.infer<typeof shopSettingsUpdateSchema>;

export const SHOP_SETTINGS_TEXT = {
  galleryTitle: 'Gallery',
  galleryDescription:
    'Before an artwork is made, each visitor chooses whether it may appear in the gallery on Home. This sets where that switch starts.',
  galleryLabel: 'Start with the gallery switch on',
  saved: 'Shop settings saved',
} as const;
