import { describe, expect, it } from 'vitest';
import {
  adjustShippingOptions,
  freeShippingShortfall,
  optionsFromPrintfulRates,
  shippingRegionOf,
  shippingTypeOf,
  STANDARD_RATES,
  tableShippingOptions,
} from './shipping';

const standard = (lines: Parameters<typeof tableShippingOptions>[0], country: string) =>
  tableShippingOptions(lines, country).find((option) => option.id === 'standard')!;

describe('the rate table is per region', () => {
  it.each([
    ['US', 'US'],
    ['PR', 'US'],
    ['CA', 'CA'],
    ['BE', 'EU'],
    ['NO', 'EU'],
    ['CH', 'EU'],
    ['GB', 'UK'],
    ['AU', 'AUNZ'],
    ['NZ', 'AUNZ'],
    ['JP', 'WORLD'],
    ['BR', 'WORLD'],
  ])('%s ships at the %s rate', (country, region) => expect(shippingRegionOf(country)).toBe(region));

  it('a mug costs more to ship to Australia than within the US', () => {
    const mug = [{ type: 'mug' as const, quantity: 1 }];
    expect(standard(mug, 'US').amountCents).toBe(STANDARD_RATES.mug.US[0]);
    expect(standard(mug, 'AU').amountCents).toBe(STANDARD_RATES.mug.AUNZ[0]);
    expect(standard(mug, 'AU').amountCents).toBeGreaterThan(standard(mug, 'US').amountCents);
  });
});

describe('first item plus each additional item', () => {
  it('three tees to Belgium: one first-item rate and two additional', () => {
    const [first, additional] = STANDARD_RATES['t-shirt'].EU;
    expect(standard([{ type: 't-shirt', quantity: 3 }], 'BE').amountCents).toBe(first + 2 * additional);
  });

  it('in a mixed cart the dearest first-item rate counts as the first item', () => {
    const lines = [
      { type: 't-shirt' as const, quantity: 1 },
      { type: 'framed-poster' as const, quantity: 2 },
    ];
    const framed = STANDARD_RATES['framed-poster'].US;
    const tee = STANDARD_RATES['t-shirt'].US;
    expect(standard(lines, 'US').amountCents).toBe(framed[0] + framed[1] + tee[1]);
  });
});

describe('Standard and Express, with delivery estimates', () => {
  it('offers Express dearer and faster where it exists', () => {
    const [std, express] = tableShippingOptions([{ type: 'poster', quantity: 1 }], 'BE');
    expect(std!.id).toBe('standard');
    expect(express!.id).toBe('express');
    expect(express!.amountCents).toBeGreaterThan(std!.amountCents);
    expect(express!.estimate!.maxDays).toBeLessThan(std!.estimate!.maxDays);
    expect(std!.estimateText).toBe('Delivery in 4–8 business days');
  });

  it('offers only Standard to the rest of the world', () => {
    expect(tableShippingOptions([{ type: 'poster', quantity: 1 }], 'JP').map((o) => o.id)).toEqual(['standard']);
  });
});

describe('the owner’s threshold and adjustment', () => {
  const options = tableShippingOptions([{ type: 'mug', quantity: 1 }], 'US');
  const settings = { freeShippingThresholdCents: 5000, adjustmentCents: 100 };

  it('adds the flat adjustment to every option', () => {
    const adjusted = adjustShippingOptions(options, 1000, settings);
    expect(adjusted.map((o) => o.amountCents)).toEqual(options.map((o) => o.amountCents + 100));
  });

  it('a negative adjustment never makes an option cost less than nothing', () => {
    const adjusted = adjustShippingOptions(options, 0, { freeShippingThresholdCents: null, adjustmentCents: -10_000 });
    expect(adjusted.every((o) => o.amountCents === 0)).toBe(true);
  });

  it('Standard becomes free once the items reach the threshold; Express stays paid', () => {
    const [std, express] = adjustShippingOptions(options, 5000, settings);
    expect(std).toMatchObject({ amountCents: 0, free: true });
    expect(express!.amountCents).toBeGreaterThan(0);
    expect(adjustShippingOptions(options, 4999, settings)[0]!.free).toBe(false);
  });

  it('says how much is left to free shipping', () => {
    expect(freeShippingShortfall(4200, settings)).toBe(800);
    expect(freeShippingShortfall(5000, settings)).toBeNull();
    expect(freeShippingShortfall(10, { freeShippingThresholdCents: null, adjustmentCents: 0 })).toBeNull();
  });
});

describe('product types', () => {
  it('a catalog variant ships as its kind', () =>
    expect(shippingTypeOf({ printful_variant_id: 4, product_category: 'posters', name: 'Framed' })).toBe(
      'framed-poster',
    ));
  it('an unknown product ships by its name, else its category', () => {
    expect(shippingTypeOf({ printful_variant_id: 999_999, product_category: 'apparel', name: 'Zip Hoodie' })).toBe(
      'hoodie',
    );
    expect(shippingTypeOf({ printful_variant_id: null, product_category: 'mugs', name: 'Enamel thing' })).toBe('mug');
  });
});

describe('Printful’s rates as options', () => {
  it('keeps Printful’s price and days, cheapest first, in our names', () => {
    const options = optionsFromPrintfulRates([
      {
        id: 'EXPRESS',
        name: 'Express (3-5 days)',
        rate: '21.50',
        currency: 'USD',
        minDeliveryDays: 2,
        maxDeliveryDays: 4,
      },
      {
        id: 'STANDARD',
        name: 'Flat Rate (Estimated delivery: Jun 2–Jun 6)',
        rate: '8.49',
        currency: 'USD',
        minDeliveryDays: 4,
        maxDeliveryDays: 7,
      },
    ]);
    expect(options.map((o) => [o.id, o.name, o.amountCents, o.estimateText])).toEqual([
      ['standard', 'Standard', 849, 'Delivery in 4–7 business days'],
      ['express', 'Express', 2150, 'Delivery in 2–4 business days'],
    ]);
  });
});
