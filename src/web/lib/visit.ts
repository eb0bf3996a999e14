/**
 * The anonymous visit the shop's own analytics counts: a random id the tab keeps in session
 * storage, sent as a header with every API request. No cookie, nothing personal, gone when
 * the tab closes.
 */
import { VISIT_HEADER, type FunnelStep } from '@/domain/analytics';

const KEY = 'wanderer.visit';

export function visitId(): string | null {
  try {
    let id = sessionStorage.getItem(KEY);
    if (!id) {
      id = crypto.randomUUID();
      sessionStorage.setItem(KEY, id);
    }
    return id;
  } catch {
    return null;
  }
}

export function visitHeaders(): Record<string, string> {
  const id = visitId();
  return id ? { [VISIT_HEADER]: id } : {};
}

/** Tells the shop a visit reached a funnel step only the browser sees; never waits, never fails. */
export function reportStep(
  step: Extract<FunnelStep, 'artwork_made' | 'mockups_viewed' | 'added_to_cart'>,
  transformationId?: string | null,
): void {
  try {
    void fetch('/api/events', {
      method: 'POST',
      keepalive: true,
      headers: { 'content-type': 'application/json', ...visitHeaders() },
      body: JSON.stringify({ step, ...(transformationId ? { transformation_id: transformationId } : {}) }),
    }).catch(() => undefined);
  } catch {
    // Analytics never gets in the visitor's way.
  }
}
