import { inputViolations, type BindingErrorCode, type DataSource, type SourceCredentials } from '@pressroom/contracts';
import { BlockedUrlError, GuardedFetchError, UnresolvableHostError, type SsrfGuard } from '@pressroom/ssrf';
import { credentialHeaders } from './credentials.js';

export interface FetchLimits {
  /** Largest decoded body (PRESSROOM_BINDING_MAX_BYTES, 5 MiB). */
  maxBytes: number;
  /** The whole exchange, redirects included (PRESSROOM_BINDING_FETCH_TIMEOUT_MS, 10 s). */
  timeoutMs: number;
  /** Redirects followed (default 5); a loop ends as TOO_MANY_REDIRECTS. */
  maxRedirects?: number;
}

export type FetchedSource =
  | { kind: 'data'; data: unknown; etag: string | null; status: number; bytes: number }
  /** The source answered 304 to If-None-Match: nothing changed. */
  | { kind: 'not-modified'; etag: string | null };

/** A refresh that could not get data: `code` is the binding.failed errorCode, `message` a public sentence. */
export class SourceFetchError extends Error {
  readonly code: BindingErrorCode;
  constructor(code: BindingErrorCode, message: string) {
    super(message);
    this.name = 'SourceFetchError';
    this.code = code;
  }
}

/**
 * Why an answer is not JSON, in words (the parser's own text, "Unexpected token '<', \"<!DOCTYPE \"... is not valid
 * JSON", says it in its terms): what the answer began with, or where JSON that looks like JSON breaks.
 */
function notJsonMessage(text: string, error: unknown): string {
  const body = text.trim();
  if (body === '') return 'The data source answered, but with an empty body, not JSON.';
  if (/^[[{"]/.test(body)) {
    const at = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
    const where = at ? ` (it breaks at character ${Number(at[1]) + 1})` : '';
    return `The data source answered, but its JSON is not valid${where}.`;
  }
  // Its first word, at most 20 characters, without control characters (a binary answer).
  const start = [...body.split(/\s/, 1)[0]!.replace(/\p{Cc}/gu, '')].slice(0, 20).join('');
  return `The data source answered, but not with JSON (it began with “${start}”).`;
}

function classify(error: unknown): SourceFetchError {
  if (error instanceof SourceFetchError) return error;
  if (error instanceof BlockedUrlError) return new SourceFetchError('BLOCKED_URL', error.detail);
  if (error instanceof UnresolvableHostError) return new SourceFetchError('FETCH_FAILED', error.detail);
  if (error instanceof GuardedFetchError) {
    const code = (
      {
        timeout: 'FETCH_TIMEOUT',
        'too-large': 'RESPONSE_TOO_LARGE',
        'too-many-redirects': 'TOO_MANY_REDIRECTS',
        network: 'FETCH_FAILED',
      } as const
    )[error.code];
    return new SourceFetchError(code, error.detail);
  }
  return new SourceFetchError(
    'FETCH_FAILED',
    `The data source could not be fetched: ${error instanceof Error ? error.message : String(error)}`,
  );
}

/**
 * Fetch a data source once, through the SSRF guard (every redirect hop is
 * checked, the connection goes to the checked address), bounded in size and
 * time. With `ifNoneMatch` the request is conditional and a 304 says nothing
 * changed. Anything but 2xx/304, or a body that is not JSON, is a
 * SourceFetchError; so is every guard or transport failure.
 */
export async function fetchSource(
  guard: SsrfGuard,
  source: Pick<DataSource, 'url' | 'method' | 'headers' | 'body'>,
  credentials: SourceCredentials | null,
  options: FetchLimits & { ifNoneMatch?: string | null },
): Promise<FetchedSource> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'Pressroom-Binding/1.0',
    ...(source.headers ?? {}),
    ...credentialHeaders(credentials),
  };
  if (options.ifNoneMatch) headers['if-none-match'] = options.ifNoneMatch;
  let body: string | null = null;
  if (source.method === 'POST') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(source.body ?? {});
  }
  try {
    const response = await guard.fetch(source.url, {
      method: source.method,
      headers,
      body,
      maxBytes: options.maxBytes,
      timeoutMs: options.timeoutMs,
      maxRedirects: options.maxRedirects ?? 5,
    });
    const etag = response.headers.get('etag');
    if (response.status === 304) return { kind: 'not-modified', etag: etag ?? options.ifNoneMatch ?? null };
    if (!response.ok) {
      throw new SourceFetchError(
        'HTTP_ERROR',
        `The data source answered HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}.`,
      );
    }
    const text = response.text();
    let data: unknown;
    try {
      data = JSON.parse(text);
    } catch (error) {
      throw new SourceFetchError('INVALID_JSON', notJsonMessage(text, error));
    }
    // The API's input rule (docs/input-rules.md): this JSON never passed the door, but becomes variables, stored and serialised.
    const [violation] = inputViolations(data, { prefix: '$', limit: 1 });
    if (violation)
      throw new SourceFetchError('INVALID_JSON', `The data source's JSON cannot be used: ${violation.field}: ${violation.message}`);
    return { kind: 'data', data, etag, status: response.status, bytes: response.body.length };
  } catch (error) {
    throw classify(error);
  }
}
