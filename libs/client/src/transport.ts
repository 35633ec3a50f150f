import { PressroomApiError, PressroomError, PressroomNetworkError, type ProblemDetails } from './errors.js';

export interface TransportOptions {
  baseUrl: string;
  apiKey?: string;
  /** Retries of rate limits (429 with Retry-After), 503s and network failures. Default 3. */
  maxRetries?: number;
  /** The longest the SDK waits before one retry, in ms (a longer Retry-After is not waited for). Default 60 000. */
  maxRetryDelayMs?: number;
  /** Any fetch (the global one by default). */
  fetch?: typeof fetch;
  userAgent?: string;
}

export interface RequestOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  headers?: Record<string, string>;
  /** POST only: the key sent as Idempotency-Key. One is generated when absent; `false` sends none (and then a POST is never retried). */
  idempotencyKey?: string | false;
  signal?: AbortSignal;
}

export interface RawAnswer {
  status: number;
  headers: Headers;
  response: Response;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
    });
  });

function retryAfterSeconds(headers: Headers): number | undefined {
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function problemOf(response: Response): Promise<ProblemDetails> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as Partial<ProblemDetails>;
    if (typeof body.title === 'string' && typeof body.detail === 'string')
      return { status: response.status, type: 'about:blank', ...body } as ProblemDetails;
  } catch {
    // Not JSON: described below.
  }
  return {
    type: `http-${response.status}`,
    title: response.statusText || `HTTP ${response.status}`,
    status: response.status,
    detail: `The server answered ${response.status} (content-type: ${response.headers.get('content-type') ?? 'none'}) without a problem body${text ? `: ${text.slice(0, 200)}` : ''}. Is the base URL a Pressroom server?`,
  };
}

/**
 * The key as sent: surrounding whitespace (a key read from a file ends with a line break) is dropped; a key with
 * spaces or control characters inside is refused before any request, without echoing it (it is a secret, and such a
 * value is usually several lines of a command's output captured by mistake).
 */
function checkedApiKey(apiKey: string): string {
  const key = apiKey.trim();
  // eslint-disable-next-line no-control-regex
  if (/[\s\x00-\x1f\x7f]/.test(key)) {
    throw new PressroomError(
      `The API key holds spaces or line breaks (${key.split(/\s+/).length} words): give the key alone, one word starting with prs_. Check how PRESSROOM_API_KEY was set.`,
    );
  }
  return key;
}

/**
 * One HTTP exchange with retries that cannot bill twice: a POST is retried only
 * with an Idempotency-Key (generated unless the caller opted out); a used-up
 * quota is never retried; a rate limit waits for its Retry-After.
 */
export class Transport {
  readonly baseUrl: string;
  private readonly options: TransportOptions;

  constructor(options: TransportOptions) {
    let base: URL;
    try {
      base = new URL(options.baseUrl);
    } catch {
      throw new PressroomNetworkError(
        `The base URL ${JSON.stringify(options.baseUrl)} is not an absolute http(s) URL.`,
        String(options.baseUrl),
      );
    }
    if (base.protocol !== 'http:' && base.protocol !== 'https:') {
      throw new PressroomNetworkError(`The base URL ${JSON.stringify(options.baseUrl)} is not an http(s) URL.`, options.baseUrl);
    }
    this.baseUrl = base.href.replace(/\/+$/, '');
    this.options = { ...options, ...(options.apiKey === undefined ? {} : { apiKey: checkedApiKey(options.apiKey) }) };
  }

  url(path: string, query?: Record<string, unknown>): string {
    const url = new URL(/^https?:\/\//.test(path) ? path : `${this.baseUrl}${path}`);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null) continue;
      for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
    }
    return url.href;
  }

  /** Sends the request; answers below 400 are returned, problems are thrown as PressroomApiError. */
  async send(method: string, path: string, options: RequestOptions = {}): Promise<RawAnswer> {
    const url = this.url(path, options.query);
    const headers = new Headers(options.headers);
    headers.set('accept', 'application/json, application/problem+json;q=0.9, */*;q=0.5');
    if (this.options.apiKey) headers.set('authorization', `Bearer ${this.options.apiKey}`);
    if (this.options.userAgent) headers.set('user-agent', this.options.userAgent);
    let body: string | undefined;
    if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(options.body);
    }
    if (method === 'POST' && options.idempotencyKey !== false && !headers.has('idempotency-key')) {
      headers.set('idempotency-key', options.idempotencyKey ?? globalThis.crypto.randomUUID());
    }
    // Without an Idempotency-Key a repeated POST could render (and bill) twice: never retried.
    const retriable = method !== 'POST' || headers.has('idempotency-key');
    const maxRetries = this.options.maxRetries ?? 3;
    const maxDelay = this.options.maxRetryDelayMs ?? 60_000;
    const doFetch = this.options.fetch ?? globalThis.fetch;
    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, signal: options.signal });
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (retriable && attempt < maxRetries) {
          await sleep(Math.min(maxDelay, 250 * 2 ** attempt), options.signal);
          continue;
        }
        throw new PressroomNetworkError(
          `${unreachable(error) ? 'Could not reach' : 'The connection broke before a complete answer from'} ${url}: ${(error as Error).message}${describeCause(error)}`,
          url,
          {
            cause: error,
          },
        );
      }
      if (response.status < 400) return { status: response.status, headers: response.headers, response };
      const retryAfter = retryAfterSeconds(response.headers);
      const problem = new PressroomApiError(await problemOf(response), retryAfter);
      const waitMs = retryAfter === undefined ? undefined : retryAfter * 1000;
      const transient = response.status === 429 || response.status === 503 || problem.slug === 'idempotency-in-progress';
      if (transient && !problem.isQuotaExceeded && retriable && waitMs !== undefined && waitMs <= maxDelay && attempt < maxRetries) {
        await sleep(waitMs, options.signal);
        continue;
      }
      throw problem;
    }
  }

  /**
   * JSON answer of `send`. Every Pressroom operation answers a JSON object (or a 204/205 with no body): an empty
   * body, text that is not JSON, or JSON that is not an object means something else answered (a wrong base URL,
   * a proxy's page), and is a PressroomNetworkError naming the status and content type rather than `undefined`.
   */
  async json<T>(method: string, path: string, options: RequestOptions = {}): Promise<{ status: number; headers: Headers; body: T }> {
    const answer = await this.send(method, path, options);
    const url = answer.response.url || this.url(path, options.query);
    let text: string;
    try {
      text = await answer.response.text();
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new PressroomNetworkError(
        `The connection broke while ${method} ${path} answered ${answer.status}: ${(error as Error).message}.`,
        url,
        {
          cause: error,
        },
      );
    }
    if (answer.status === 204 || answer.status === 205) return { status: answer.status, headers: answer.headers, body: undefined as T };
    const notPressroom = (what: string, cause?: unknown) =>
      new PressroomNetworkError(
        `${method} ${path} answered ${answer.status} (content-type: ${answer.headers.get('content-type') ?? 'none'}) with ${what} where a JSON object was expected: is ${this.baseUrl} a Pressroom server?`,
        url,
        { cause },
      );
    if (text.trim() === '') throw notPressroom('an empty body');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw notPressroom(`a body that is not JSON (${JSON.stringify(text.slice(0, 80))})`, error);
    }
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw notPressroom(`JSON that is not an object (${text.slice(0, 80)})`);
    return { status: answer.status, headers: answer.headers, body: body as T };
  }

  /** The error for an answer that is JSON but lacks what Pressroom always sends (a render without `url`, say). */
  malformed(method: string, path: string, status: number, missing: string): PressroomNetworkError {
    return new PressroomNetworkError(
      `${method} ${path} answered ${status} without ${missing}: is ${this.baseUrl} a Pressroom server (and one as new as this SDK)?`,
      this.url(path),
    );
  }
}

/** Nothing answered at all (refused, unknown host), as opposed to a connection that broke. */
function unreachable(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? '';
  // fetch refuses ports browsers block (such as 9) before connecting: nothing answered either.
  return (
    cause?.message === 'bad port' ||
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ERR_INVALID_URL'].includes(code)
  );
}

function describeCause(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? ` (${cause.code ?? cause.message ?? ''})` : '';
}
