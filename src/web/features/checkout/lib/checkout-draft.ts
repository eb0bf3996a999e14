/**
 * What the visitor has typed into checkout, kept in session storage so that a reload never
 * closes checkout or loses the e-mail and addresses; also the order the payment step made,
 * so a reload pays that order instead of placing a second one. Cleared once paid.
 */
import { useSyncExternalStore } from 'react';
import { CHECKOUT_FORM_DEFAULTS, type CheckoutForm } from '@/domain/checkout';
import type { CheckoutStep } from './checkout-rules';

const STORAGE_KEY = 'wanderer.checkout.v1';

export interface CheckoutDraft {
  open: boolean;
  step: CheckoutStep;
  completed: CheckoutStep[];
  values: CheckoutForm;
  /** The shipping option chosen at the shipping step. */
  shippingMethod: string | null;
  /** The order made for this exact request (its fingerprint), waiting to be paid. */
  order: { fingerprint: string; orderId: string } | null;
}

/** Components showing whether checkout is open (useCheckoutOpen). */
const openListeners = new Set<() => void>();

const EMPTY: CheckoutDraft = {
  open: false,
  step: 0,
  completed: [],
  values: CHECKOUT_FORM_DEFAULTS,
  shippingMethod: null,
  order: null,
};
const STEPS = [0, 1, 2, 3];

export function readCheckoutDraft(): CheckoutDraft {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Partial<CheckoutDraft> | null;
    if (!stored || typeof stored !== 'object') return EMPTY;
    const step = STEPS.includes(stored.step as number) ? (stored.step as CheckoutStep) : 0;
    return {
      open: stored.open === true,
      step,
      completed: Array.isArray(stored.completed) ? stored.completed.filter((s) => STEPS.includes(s)) : [],
      values: { ...CHECKOUT_FORM_DEFAULTS, ...(stored.values ?? {}) },
      shippingMethod: typeof stored.shippingMethod === 'string' ? stored.shippingMethod : null,
      order: stored.order?.orderId && stored.order.fingerprint ? stored.order : null,
    };
  } catch {
    return EMPTY;
  }
}

export function updateCheckoutDraft(changes: Partial<CheckoutDraft>): void {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ ...readCheckoutDraft(), ...changes }));
  } catch {
    // Private browsing may refuse storage; checkout still works for this page.
  }
}

export function clearCheckoutDraft(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
  openListeners.forEach((listener) => listener());
}

/** An order was paid: if it is the one checkout made, checkout is done with. */
export function forgetCheckoutOf(orderId: string): void {
  if (readCheckoutDraft().order?.orderId === orderId) clearCheckoutDraft();
}

/** Opens or closes checkout wherever it is shown (the transform page), surviving a reload. */
export function setCheckoutOpen(open: boolean): void {
  updateCheckoutDraft({ open });
  openListeners.forEach((listener) => listener());
}

const subscribeToOpen = (listener: () => void) => {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
};

/** Whether checkout is open, surviving a reload; the cart drawer can open it from any page. */
export function useCheckoutOpen(): [boolean, (open: boolean) => void] {
  const open = useSyncExternalStore(subscribeToOpen, () => readCheckoutDraft().open);
  return [open, setCheckoutOpen];
}
