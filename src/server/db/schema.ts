/**
 * The shop's tables. Table and column names are the specification's own (storefront §3,
 * admin §3) so that both documents read directly against the database; columns the spec
 * does not name are what our design adds (checksums, print files, job progress, auth).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { Placement } from '../../domain/placement.js';

/** One rendition as stored: its pixel size and its storage key (a public key). */
export interface StoredRendition {
  width: number;
  height: number;
  key: string;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/**
 * An amount in cents. `bigint` so that no sum of bounded prices and quantities can overflow the
 * column (an `integer` stops at $21,474,836.47); read as a JS number, exact to 2^53 cents,
 * which the bounds at the edge (domain/money.ts) keep every amount far below.
 */
const cents = (name: string) => bigint(name, { mode: 'number' });
/** Dollars with cents, read back as a JS number (spec: final_price is a number in dollars). */
const dollars = (name: string) => numeric(name, { precision: 10, scale: 2, mode: 'number' });

export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    file_name: text('file_name').notNull(),
    /** The private original, under `original/…`, with every byte the visitor sent. */
    storage_path: text('storage_path').notNull(),
    /** The public display copy: rotated, at most 2048 px, metadata stripped. */
    display_path: text('display_path').notNull(),
    checksum: text('checksum').notNull(),
    mime_type: text('mime_type').notNull(),
    byte_size: integer('byte_size').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    is_public: boolean('is_public').notNull().default(true),
    user_id: uuid('user_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    location_name: text('location_name'),
    camera_make: text('camera_make'),
    camera_model: text('camera_model'),
    camera_serial: text('camera_serial'),
    lens_make: text('lens_make'),
    lens_model: text('lens_model'),
    focal_length: doublePrecision('focal_length'),
    aperture: doublePrecision('aperture'),
    shutter_speed: text('shutter_speed'),
    iso: integer('iso'),
    flash_used: boolean('flash_used'),
    orientation: integer('orientation'),
    date_time_original: timestamp('date_time_original', { withTimezone: true }),
    software: text('software'),
    exif_data: jsonb('exif_data'),
    created_at: createdAt(),
  },
  (t) => [uniqueIndex('images_checksum_key').on(t.checksum), index('images_created_at_idx').on(t.created_at)],
);

export const styles = pgTable('styles', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  style_prompt: text('style_prompt'),
  /**
   * Which engine runs the style: a local style id (`ink-sketch`, `watercolour`, …) computed
   * on our CPU, or `hosted-ai`, which sends `style_prompt` to the configured image AI.
   */
  engine: text('engine').notNull().default('hosted-ai'),
  is_active: boolean('is_active').notNull().default(true),
  preview_image_path: text('preview_image_path'),
  created_at: createdAt(),
  updated_at: updatedAt(),
});

export const image_transformations = pgTable(
  'image_transformations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The preview artwork (2048 px long side), public. Null until the job completes. */
    storage_path: text('storage_path'),
    /** The print file at the original's resolution (up to 6000 px), private, used by orders. */
    print_file_path: text('print_file_path'),
    status: text('status', { enum: ['processing', 'completed', 'failed'] })
      .notNull()
      .default('processing'),
    progress: integer('progress').notNull().default(0),
    error: text('error'),
    email: text('email'),
    /** The owner's switch: false hides the artwork from Home whatever its maker chose. */
    is_public: boolean('is_public').notNull().default(true),
    /**
     * Its maker's yes to the public gallery, asked before it was made and withdrawable
     * later. Artworks made before the question existed count as no (migration 0011).
     */
    gallery_consent: boolean('gallery_consent').notNull().default(false),
    is_homepage_example: boolean('is_homepage_example').notNull().default(false),
    image_id: uuid('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    style_id: uuid('style_id').references(() => styles.id, { onDelete: 'set null' }),
    user_id: uuid('user_id'),
    width: integer('width'),
    height: integer('height'),
    /** Smaller copies of the preview for `srcset`; null on artworks made before they existed. */
    renditions: jsonb('renditions').$type<StoredRendition[]>(),
    created_at: createdAt(),
    completed_at: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    index('image_transformations_public_idx').on(t.is_public, t.created_at),
    index('image_transformations_image_idx').on(t.image_id),
    // The admin feed: newest first, whole or by style (admin §2 Transformations).
    index('image_transformations_created_at_idx').on(t.created_at),
    index('image_transformations_style_created_at_idx').on(t.style_id, t.created_at),
  ],
);

export const physical_items = pgTable(
  'physical_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description'),
    price: dollars('price'),
    final_price: dollars('final_price'),
    // Wider than a price: a cheap base cost with a dear final price is a markup of millions of percent.
    markup_percentage: numeric('markup_percentage', { precision: 14, scale: 2, mode: 'number' }),
    markup_dollar: dollars('markup_dollar'),
    printful_base_cost: dollars('printful_base_cost'),
    printful_product_id: integer('printful_product_id'),
    printful_variant_id: integer('printful_variant_id'),
    printful_sync_status: text('printful_sync_status', { enum: ['synced', 'pending'] })
      .notNull()
      .default('pending'),
    last_synced_at: timestamp('last_synced_at', { withTimezone: true }),
    is_enabled: boolean('is_enabled').notNull().default(false),
    product_category: text('product_category').notNull().default('mugs'),
    difficulty_level: text('difficulty_level').notNull().default('simple'),
    product_image_url: text('product_image_url'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('physical_items_variant_key').on(t.printful_variant_id)],
);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    status: text('status', { enum: ['pending', 'paid', 'failed', 'shipped', 'refunded', 'cancelled'] })
      .notNull()
      .default('pending'),
    printful_status: text('printful_status'),
    /**
     * The fulfilment provider's id for the order, whichever provider (Printful, or the
     * simulation's SIM-…); the column keeps the spec's name.
     */
    provider_order_id: text('printful_order_id'),
    customer_email: text('customer_email').notNull(),
    shipping_name: text('shipping_name'),
    shipping_address_line1: text('shipping_address_line1'),
    shipping_address_line2: text('shipping_address_line2'),
    shipping_city: text('shipping_city'),
    shipping_state: text('shipping_state'),
    shipping_postal_code: text('shipping_postal_code'),
    shipping_country: text('shipping_country'),
    billing_name: text('billing_name'),
    billing_address_line1: text('billing_address_line1'),
    billing_address_line2: text('billing_address_line2'),
    billing_city: text('billing_city'),
    billing_state: text('billing_state'),
    billing_postal_code: text('billing_postal_code'),
    billing_country: text('billing_country'),
    /** Cents: items + shipping + tax when the tax is added; items + shipping when it is included. */
    total_amount: cents('total_amount').notNull(),
    /** Cents: the items alone (the sum of the lines), as shown. */
    subtotal_amount: cents('subtotal_amount').notNull().default(0),
    /** The shipping option chosen: 'standard', 'express' or the provider's id; null before issue 33. */
    shipping_method: text('shipping_method'),
    shipping_method_name: text('shipping_method_name'),
    /** Cents; 0 for orders placed before shipping was charged. */
    shipping_amount: cents('shipping_amount').notNull().default(0),
    /** 'Delivery in 4–8 business days', as quoted. */
    shipping_estimate: text('shipping_estimate'),
    /** Cents: the tax in the total, included or added; 0 for orders placed before tax. */
    tax_amount: cents('tax_amount').notNull().default(0),
    /** Percent, e.g. 21 or 7.25; null when no tax applied. */
    tax_rate: numeric('tax_rate', { precision: 6, scale: 3, mode: 'number' }),
    /** 'VAT', 'GST', 'Sales tax'. */
    tax_name: text('tax_name'),
    /** The prices included the tax (VAT, GST) rather than having it added (US sales tax). */
    tax_inclusive: boolean('tax_inclusive').notNull().default(false),
    /** Who computed the tax: the owner's 'rules' or 'stripe' (Stripe Tax). */
    tax_source: text('tax_source'),
    currency: text('currency').notNull().default('USD'),
    created_at: createdAt(),
    updated_at: updatedAt(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    shipped_at: timestamp('shipped_at', { withTimezone: true }),
    confirmation_email_sent_at: timestamp('confirmation_email_sent_at', { withTimezone: true }),
    confirmation_email_delivered_at: timestamp('confirmation_email_delivered_at', { withTimezone: true }),
    confirmation_email_opened_at: timestamp('confirmation_email_opened_at', { withTimezone: true }),
    last_email_resent_at: timestamp('last_email_resent_at', { withTimezone: true }),
    stripe_session_id: text('stripe_session_id'),
    /** The payment provider's id for the payment (Stripe's or the test provider's); the column keeps the spec's name. */
    payment_id: text('stripe_payment_intent_id'),
    /** Which payment provider holds the payment: `test` (built-in) or `stripe`. */
    payment_provider: text('payment_provider').notNull().default('test'),
    payment_error: text('payment_error'),
    /** Which fulfilment provider makes the order: `simulated` (built-in) or `printful`. */
    fulfilment_provider: text('fulfilment_provider'),
    fulfilment_error: text('fulfilment_error'),
    fulfilment_attempts: integer('fulfilment_attempts').notNull().default(0),
    tracking_carrier: text('tracking_carrier'),
    tracking_number: text('tracking_number'),
    tracking_url: text('tracking_url'),
    /** Cents given back so far (the sum of `order_refunds`); equal to total_amount once refunded. */
    refunded_amount: cents('refunded_amount').notNull().default(0),
    /** The anonymous visit that placed the order (analytics' funnel), never personal data. */
    visit_id: uuid('visit_id'),
  },
  (t) => [
    index('orders_created_at_idx').on(t.created_at),
    index('orders_paid_at_idx').on(t.paid_at),
    // The admin list filters by status and pages newest first.
    index('orders_status_created_at_idx').on(t.status, t.created_at),
    uniqueIndex('orders_payment_intent_key').on(t.payment_id),
  ],
);

export const order_items = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    physical_item_id: uuid('physical_item_id').references(() => physical_items.id, { onDelete: 'set null' }),
    product_name: text('product_name').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cents. */
    unit_price: cents('unit_price').notNull(),
    /** Cents: unit_price × quantity. */
    total_price: cents('total_price').notNull(),
    /** The public preview artwork the visitor saw. */
    artwork_url: text('artwork_url'),
    /** The storage key of the full-resolution print file sent to production. */
    print_file_path: text('print_file_path'),
    transformation_id: uuid('transformation_id').references(() => image_transformations.id, { onDelete: 'set null' }),
    printful_variant_id: integer('printful_variant_id'),
    mockup_urls: text('mockup_urls')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** The line's place in the cart, so receipts list items as the visitor added them. */
    position: integer('position').notNull().default(0),
    /**
     * Fill or fit (domain/placement.ts): how the artwork sits in the print area, as the visitor
     * chose in the preview; null on lines ordered before the choice existed (the product's default).
     */
    fit: text('fit', { enum: ['fill', 'fit'] }),
    /**
     * The placement the print file was made with (area, crop, positions), recorded with the file:
     * the provider is sent the same placement, and the admin sees it.
     */
    print_placement: jsonb('print_placement').$type<Placement>(),
    created_at: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.order_id)],
);

/** Money given back to the customer; one row per refund, amounts in minor units. */
export const order_refunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount: cents('amount').notNull(),
    /** Cents of the amount that are tax given back: the order's tax in proportion to the refund. */
    tax_amount: cents('tax_amount').notNull().default(0),
    currency: text('currency').notNull(),
    provider_refund_id: text('provider_refund_id'),
    created_at: createdAt(),
  },
  (t) => [index('order_refunds_order_idx').on(t.order_id), index('order_refunds_created_at_idx').on(t.created_at)],
);

/**
 * The order's timeline, append-only: one row per thing that happened (created, paid, e-mail
 * sent / opened / resent, submitted, confirmed, shipped, refunded, cancelled), with details
 * such as tracking or the refunded amount.
 */
export const order_events = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    created_at: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.order_id, t.created_at)],
);

/** Provider events already handled (Stripe webhooks, Printful webhooks): repeats are ignored. */
export const payment_events = pgTable('payment_events', {
  id: text('id').primaryKey(),
  provider: text('provider').notNull(),
  type: text('type').notNull(),
  order_id: uuid('order_id'),
  payload: jsonb('payload'),
  received_at: createdAt(),
});

export const email_messages = pgTable(
  'email_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    to_address: text('to_address').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text_body: text('text_body').notNull(),
    status: text('status', { enum: ['queued', 'sent', 'failed'] })
      .notNull()
      .default('queued'),
    transport: text('transport').notNull(),
    provider_message_id: text('provider_message_id'),
    error: text('error'),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    opened_at: timestamp('opened_at', { withTimezone: true }),
    created_at: createdAt(),
  },
  (t) => [index('email_messages_order_idx').on(t.order_id)],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    role: text('role', { enum: ['admin', 'user'] })
      .notNull()
      .default('user'),
    created_at: createdAt(),
    updated_at: updatedAt(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token: a leaked table does not leak usable cookies. */
    id: text('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/**
 * A sign-up waiting for its e-mail to be confirmed. The account is made only by the link in
 * that e-mail, so the sign-up answer itself says nothing about which addresses have accounts.
 */
export const sign_up_requests = pgTable(
  'sign_up_requests',
  {
    /** SHA-256 of the token in the e-mailed link. */
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    password_hash: text('password_hash').notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    created_at: createdAt(),
  },
  (t) => [index('sign_up_requests_expires_idx').on(t.expires_at)],
);

/** Editable storefront content (the hero section), one JSON document per key. */
export const site_content = pgTable('site_content', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updated_at: updatedAt(),
});

/** Shop settings; secret values are stored encrypted with a key derived from APP_SECRET. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  is_secret: boolean('is_secret').notNull().default(false),
  updated_at: updatedAt(),
});

/** Rendered mockups, cached per artwork and variant. */
export const mockups = pgTable(
  'mockups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transformation_id: uuid('transformation_id')
      .notNull()
      .references(() => image_transformations.id, { onDelete: 'cascade' }),
    printful_variant_id: integer('printful_variant_id').notNull(),
    source: text('source', { enum: ['local', 'printful'] }).notNull(),
    placement: text('placement').notNull(),
    label: text('label').notNull(),
    position: integer('position').notNull(),
    storage_path: text('storage_path').notNull(),
    /** Smaller copies of the view for `srcset`; null on mockups made before they existed. */
    renditions: jsonb('renditions').$type<StoredRendition[]>(),
    /** The artwork's fill or fit on this view (domain/placement.ts); older rows had the product's default. */
    fit: text('fit', { enum: ['fill', 'fit'] })
      .notNull()
      .default('fill'),
    created_at: createdAt(),
  },
  (t) => [
    uniqueIndex('mockups_unique_view').on(t.transformation_id, t.printful_variant_id, t.source, t.placement, t.fit),
  ],
);

/**
 * The storefront funnel, one row per step a visit reached (photo uploaded … paid), tied by an
 * anonymous visit id the browser keeps for its session: no cookie, no personal data.
 */
export const funnel_events = pgTable(
  'funnel_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    visit_id: uuid('visit_id').notNull(),
    step: text('step').notNull(),
    transformation_id: uuid('transformation_id'),
    order_id: uuid('order_id'),
    occurred_at: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('funnel_events_occurred_step_idx').on(t.occurred_at, t.step, t.visit_id),
    // A visit has one row per step: concurrent reports of the same step insert nothing more.
    uniqueIndex('funnel_events_visit_step_key').on(t.visit_id, t.step),
  ],
);
