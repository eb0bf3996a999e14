/** The one way the web app talks to the server: JSON in, JSON out, `{error}` turned into an ApiError. */
import { visitHeaders } from './visit';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body?: unknown,
  ) {
    super(message);
  }

  /** The server's own `{error}` message, or null when the answer carried none (a proxy's page, a crash). */
  get serverMessage(): string | null {
    const body = this.body as { error?: unknown } | undefined;
    return typeof body?.error === 'string' ? body.error : null;
  }
}

/**
 * The words a shopper may see for a failed call: the server's own message (written for
 * them), else `fallback` — never a status code, a proxy's page or a browser's network error.
 */
export function shopperMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/**
 * POSTs to a shop route that answers `{ success: false, error }` when it refuses: a refusal and
 * a failed call alike become an Error carrying the words the shopper sees, `fallback` if none.
 */
export async function postForShopper<Answer extends { success: true } | { success: false; error: string }>(
  path: string,
  json: unknown,
  fallback: string,
): Promise<Extract<Answer, { success: true }>> {
  let answer: Answer;
  try {
    answer = await apiFetch<Answer>(path, { method: 'POST', json });
  } catch (error) {
    throw new Error(shopperMessage(error, fallback));
  }
  if (!answer.success) throw new Error((answer as { error: string }).error || fallback);
  return answer as Extract<Answer, { success: true }>;
}

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      accept: 'application/json',
      ...visitHeaders(),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const message =
      body && typeof body === 'object' && 'error' in body && typeof body.error === 'string'
        ? body.error
        : `Request failed (${response.status})`;
    throw new ApiError(response.status, message, body);
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
