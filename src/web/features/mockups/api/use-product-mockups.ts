/**
 * Mockups for every product once the artwork is ready (storefront §4): validate the
 * variants, then generate — the first 4 products at once, the rest one at a time with a
 * 500 ms pause. A 'not found' variant gets one product-data refresh and, if that works, one
 * more try after 1 s. Printful mockups, when the shop has them, replace ours as they arrive.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from 'sonner';
import {
  BULK_CONCURRENT,
  BULK_PAUSE_MS,
  MOCKUP_TEXT,
  mockupErrorMessage,
  RETRY_AFTER_REFRESH_MS,
  UNAVAILABLE_TOAST_MS,
  type MockupView,
  type ValidationStatus,
} from '@/domain/mockups';
import type { ArtFit, PrintCheck } from '@/domain/placement';
import { VARIANT_PROBLEM_PHRASES, type VariantValidation } from '@/domain/variants';
import { shopperMessage } from '@/web/lib/api-client';
import { generateMockups } from './generate-mockups';
import { refreshProductData } from './refresh-product';
import { validateVariants } from './validate-variants';

export interface MockupProduct {
  id: string;
  name: string;
  printful_variant_id: number | null;
}

export interface MockupState {
  productId: string;
  status: ValidationStatus;
  isLoading: boolean;
  mockups: MockupView[];
  error: string | null;
  /** The visitor's fill or fit for this product; undefined: the product's default. */
  fit?: ArtFit;
  /** How the artwork sits and how sharp it prints on this product, at the fit shown. */
  print?: PrintCheck;
}

const PRINTFUL_RECHECK_MS = 15_000;
const PRINTFUL_RECHECKS = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const isTimeout = (error: unknown) =>
  error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');

export function useProductMockups(transformationId: string | null, products: MockupProduct[]) {
  const [states, setStates] = useState<Record<string, MockupState>>({});
  const generation = useRef(0);

  const update = useCallback((productId: string, change: Partial<MockupState>) => {
    setStates((previous) => ({
      ...previous,
      [productId]: {
        ...(previous[productId] ?? { productId, status: 'pending', isLoading: false, mockups: [], error: null }),
        ...change,
      },
    }));
  }, []);

  /** Generates one product's mockups; its variant is already known to be valid. */
  const generate = useCallback(
    async (product: MockupProduct, run: number, quiet = false, fit?: ArtFit): Promise<boolean> => {
      if (!transformationId || !product.printful_variant_id) return false;
      const variantId = product.printful_variant_id;
      update(product.id, { isLoading: true, error: null });
      try {
        let answer = await generateMockups(transformationId, [variantId], fit);
        const print = answer.prints?.find((check) => check.variant_id === variantId);
        if (run !== generation.current) return false;
        if (!answer.success || answer.mockups.length === 0) {
          update(product.id, {
            isLoading: false,
            error: answer.error ? MOCKUP_TEXT.generationFailedShort(answer.error) : MOCKUP_TEXT.mockupGenerationFailed,
          });
          return false;
        }
        update(product.id, { isLoading: false, mockups: answer.mockups, error: null, print });
        for (let check = 0; answer.pending && check < PRINTFUL_RECHECKS; check += 1) {
          await sleep(PRINTFUL_RECHECK_MS);
          if (run !== generation.current) return true;
          answer = await generateMockups(transformationId, [variantId], fit);
          if (answer.success && answer.mockups.length > 0) update(product.id, { mockups: answer.mockups });
        }
        return true;
      } catch (error) {
        if (run !== generation.current) return false;
        const timedOut = isTimeout(error);
        // The server has logged what went wrong, with the provider's variant id; the shopper
        // reads the spec's sentences, naming the product as the grid does.
        const message = timedOut ? 'timed out' : shopperMessage(error, '');
        update(product.id, {
          isLoading: false,
          error: timedOut
            ? MOCKUP_TEXT.generationTimedOut
            : MOCKUP_TEXT.generationFailedShort(mockupErrorMessage(message, product.name)),
        });
        if (!quiet)
          toast.warning(MOCKUP_TEXT.previewUnavailableTitle, { description: MOCKUP_TEXT.previewUnavailableText });
        return false;
      }
    },
    [transformationId, update],
  );

  /** Applies one validation result; answers whether the product may have mockups. */
  const applyValidation = useCallback(
    async (
      product: MockupProduct,
      result: VariantValidation | undefined,
      run: number,
      firstAttempt: boolean,
    ): Promise<boolean> => {
      if (result?.valid) {
        update(product.id, { status: 'valid' });
        return true;
      }
      if (result?.reason === 'not_found' && firstAttempt && product.printful_variant_id) {
        const refreshed = await refreshProductData(product.printful_variant_id).catch(() => undefined);
        if (refreshed?.success) {
          toast.info(MOCKUP_TEXT.productUpdated);
          await sleep(RETRY_AFTER_REFRESH_MS);
          if (run !== generation.current) return false;
          const again = await validateVariants([product.printful_variant_id]).catch(() => undefined);
          return applyValidation(product, again?.results[0], run, false);
        }
      }
      const phrase = result?.reason ? VARIANT_PROBLEM_PHRASES[result.reason] : undefined;
      update(product.id, {
        status: 'invalid',
        isLoading: false,
        error: phrase ? MOCKUP_TEXT.variantUnavailable(`${product.name} ${phrase}`) : MOCKUP_TEXT.noDetails,
      });
      toast.error(`${product.name} ${phrase ?? 'is no longer available'}`, {
        description: 'Please choose another product or contact support.',
        duration: UNAVAILABLE_TOAST_MS,
      });
      return false;
    },
    [update],
  );

  // Starting a new transformation clears the mockup states; a ready artwork fills them.
  useEffect(() => {
    const run = ++generation.current;
    setStates({});
    const eligible = products.filter((product) => product.printful_variant_id);
    if (!transformationId || eligible.length === 0) return;

    void (async () => {
      for (const product of eligible) update(product.id, { status: 'validating', isLoading: true });
      let results: VariantValidation[];
      try {
        results = (await validateVariants(eligible.map((product) => product.printful_variant_id!))).results;
      } catch (error) {
        if (run !== generation.current) return;
        const message = isTimeout(error)
          ? MOCKUP_TEXT.requestTimedOut
          : MOCKUP_TEXT.validationFailed(shopperMessage(error, MOCKUP_TEXT.somethingWentWrong));
        for (const product of eligible) update(product.id, { status: 'pending', isLoading: false, error: message });
        return;
      }
      if (run !== generation.current) return;
      const resultFor = (product: MockupProduct) =>
        results.find((result) => result.variant_id === product.printful_variant_id);
      const someInvalid = eligible.some((product) => !resultFor(product)?.valid);
      const someValid = eligible.some((product) => resultFor(product)?.valid);
      if (someInvalid && someValid) toast.warning(MOCKUP_TEXT.someUnavailable);

      const work = async (product: MockupProduct) => {
        if (await applyValidation(product, resultFor(product), run, true)) await generate(product, run, true);
      };
      const [first, rest] = [eligible.slice(0, BULK_CONCURRENT), eligible.slice(BULK_CONCURRENT)];
      await Promise.all(first.map(work));
      for (const product of rest) {
        if (run !== generation.current) return;
        await sleep(BULK_PAUSE_MS);
        await work(product);
      }
    })();
    // Products are identified by id; a refetch with the same list must not restart the run.
  }, [transformationId, products.map((product) => product.id).join(',')]);

  /** The preview modal: generate when the product has no mockups yet. */
  const ensure = useCallback(
    async (product: MockupProduct) => {
      const state = states[product.id];
      if (state?.isLoading || (state?.mockups.length ?? 0) > 0 || state?.status === 'invalid') return;
      await generate(product, generation.current);
    },
    [generate, states],
  );

  const retry = useCallback(
    async (product: MockupProduct) => {
      toast.info(MOCKUP_TEXT.retrying(product.name));
      const worked = await generate(product, generation.current, true, states[product.id]?.fit);
      if (!worked) toast.error(MOCKUP_TEXT.unableToRetry);
    },
    [generate, states],
  );

  /** The preview's fill/fit switch: the product's mockups are drawn again with the artwork placed so. */
  const setFit = useCallback(
    async (product: MockupProduct, fit: ArtFit) => {
      update(product.id, { fit });
      await generate(product, generation.current, true, fit);
    },
    [generate, update],
  );

  return { states, ensure, retry, setFit };
}
