/**
 * The one way to call Printful's API v1. Every call passes through a shared limiter
 * (120 calls a minute), a 429 pauses all calls for the time Printful asks (60 s by default)
 * and is then retried, and 5xx answers are retried with exponential back-off.
 */

export interface PrintfulClientOptions {
  apiKey: string;
  storeId?: string;
  baseUrl: string;
  /** Calls allowed per window (Printful: 120 a minute). */
  callsPerWindow?: number;
  windowMs?: number;
  /** Pause after a 429 when Printful sends no Retry-After (Printful: 60 s lock-out). */
  lockoutMs?: number;
  maxRetries?: number;
  /** First back-off delay for 5xx and network errors; doubles each time. */
  backoffMs?: number;
  timeoutMs?: number;
}

/** One call's own limits: a visitor waiting on a quote cannot wait for four back-offs. */
export interface PrintfulCallOptions {
  maxRetries?: number;
  timeoutMs?: number;
}

export class PrintfulError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly reason?: string,
  ) {
    super(message);
  }
}

interface Envelope<T> {
  code: number;
  result: T;
  paging?: { total: number; offset: number; limit: number };
  error?: { reason?: string; message?: string };
}

export class PrintfulClient {
  private readonly sent: number[] = [];
  private pausedUntil = 0;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: PrintfulClientOptions) {}

  get<T>(path: string): Promise<T> {
    return this.request<T>('GET', path);
  }

  post<T>(path: string, body: unknown, call?: PrintfulCallOptions): Promise<T> {
    return this.request<T>('POST', path, body, call);
  }

  async request<T>(method: string, path: string, body?: unknown, call: PrintfulCallOptions = {}): Promise<T> {
    const maxRetries = call.maxRetries ?? this.options.maxRetries ?? 4;
    let backoff = this.options.backoffMs ?? 1_000;
    for (let attempt = 0; ; attempt += 1) {
      await this.slot();
      let response: Response;
      try {
        response = await fetch(`${this.options.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${this.options.apiKey}`,
            ...(this.options.storeId ? { 'x-pf-store-id': this.options.storeId } : {}),
            ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: body !== undefined ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(call.timeoutMs ?? this.options.timeoutMs ?? 30_000),
        });
      } catch (error) {
        if (attempt >= maxRetries)
          throw new PrintfulError(`Printful is unreachable: ${(error as Error).message}`, 0, 'network');
        await sleep(backoff);
        backoff *= 2;
        continue;
      }
      if (response.status === 429 && attempt < maxRetries) {
        const retryAfter = Number(response.headers.get('retry-after'));
        this.pausedUntil = Date.now() + (retryAfter > 0 ? retryAfter * 1000 : (this.options.lockoutMs ?? 60_000));
        continue;
      }
      if (response.status >= 500 && attempt < maxRetries) {
        await sleep(backoff);
        backoff *= 2;
        continue;
      }
      const envelope = (await response.json().catch(() => undefined)) as Envelope<T> | undefined;
      if (!response.ok || !envelope) {
        const message =
          envelope?.error?.message ??
          (typeof envelope?.result === 'string' ? envelope.result : `Printful answered ${response.status}`);
        throw new PrintfulError(message, response.status, envelope?.error?.reason);
      }
      return envelope.result;
    }
  }

  /** Waits until a call is allowed: after any 429 lock-out, and within the per-window budget. */
  private slot(): Promise<void> {
    const next = this.chain.then(async () => {
      const limit = this.options.callsPerWindow ?? 120;
      const windowMs = this.options.windowMs ?? 60_000;
      for (;;) {
        const now = Date.now();
        if (now < this.pausedUntil) {
          await sleep(this.pausedUntil - now);
          continue;
        }
        while (this.sent.length > 0 && this.sent[0] <= now - windowMs) this.sent.shift();
        if (this.sent.length < limit) {
          this.sent.push(now);
          return;
        }
        await sleep(this.sent[0] + windowMs - now);
      }
    });
    this.chain = next.catch(() => {});
    return next;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One client per configuration, shared by every module, so the limits hold process-wide. */
const clients = new Map<string, PrintfulClient>();

export function printfulClient(options: PrintfulClientOptions): PrintfulClient {
  const key = `${options.baseUrl}|${options.apiKey}|${options.storeId ?? ''}`;
  let client = clients.get(key);
  if (!client) {
    client = new PrintfulClient(options);
    clients.set(key, client);
  }
  return client;
}
