import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { isPostalCodeRequired, isStateRequired } from '@/domain/address';
import type { CartLine } from '@/domain/cart';
import type { QuoteAddress, QuoteRequest, QuoteResponse } from '@/domain/checkout';
import { SHIPPING_MESSAGES, type ShippingQuote } from '@/domain/shipping-quote';
import { postForShopper } from '@/web/lib/api-client';

/** `POST /api/checkout/quote`: the server's shipping options, tax and total for the cart and address. */
export async function getShippingQuote(request: QuoteRequest): Promise<ShippingQuote> {
  const answer = await postForShopper<QuoteResponse>('/api/checkout/quote', request, SHIPPING_MESSAGES.quoteFailed);
  return answer.quote;
}

/** An address complete enough to quote: its country, and its state and postal code where the country needs them. */
export function isQuotable(address: QuoteAddress): boolean {
  const country = address.country.trim().toUpperCase();
  if (!country) return false;
  if (isStateRequired(country) && address.state.trim().length < 2) return false;
  if (isPostalCodeRequired(country) && !address.postalCode.trim()) return false;
  return true;
}

/**
 * The quote for the cart going to the address, with the chosen option. Asked again whenever
 * the cart, the address's region or the option changes; the last answer stays shown meanwhile.
 */
export function useShippingQuote(
  lines: CartLine[],
  address: QuoteAddress,
  shippingMethod: string | null,
  enabled = true,
) {
  const items = lines.map((line) => ({ productId: line.productId, quantity: line.quantity }));
  const region = {
    country: address.country.trim().toUpperCase(),
    state: address.state.trim(),
    postalCode: address.postalCode.trim(),
    city: address.city.trim(),
    line1: address.line1.trim(),
  };
  const request: QuoteRequest = { shippingAddress: region, items, ...(shippingMethod ? { shippingMethod } : {}) };
  return useQuery({
    queryKey: ['checkout', 'quote', request],
    queryFn: () => getShippingQuote(request),
    enabled: enabled && items.length > 0 && isQuotable(region),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: 1,
  });
}
