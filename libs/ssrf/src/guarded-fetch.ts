import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import zlib from 'node:zlib';
import type { CheckedUrl, ResolvedAddress, SsrfGuard } from './guard.js';
import { shortenUrl } from './blocked-url-error.js';

export interface GuardedFetchInit {
  method?: string;
  headers?: HeadersInit;
  body?: string | Uint8Array | null;
  signal?: AbortSignal;
  /** Redirects followed before giving up; 0 returns the 3xx response itself. Default 5. */
  maxRedirects?: number;
  /** Largest (decoded) body accepted. Default 10 MiB. */
  maxBytes?: number;
  /** Whole exchange, all hops included. Default 10 s. */
  timeoutMs?: number;
}

/** What a guarded exchange answered, before its body: the same for `fetch` and `stream`. */
interface GuardedHead {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  redirected: boolean;
  headers: Headers;
}

export interface GuardedResponse extends GuardedHead {
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

/**
 * `guard.stream`'s answer: the same head, and the (decoded) body as a stream that fails with
 * `GuardedFetchError('too-large')` as soon as more than `maxBytes` have come through (nothing is
 * buffered beyond the stream's own high-water mark), or with `timeout` when `timeoutMs` (which
 * covers reading the body too) runs out. Read it or destroy it.
 */
export interface GuardedStreamResponse extends GuardedHead {
  body: Readable;
}

export type GuardedFetchFailure = 'timeout' | 'too-large' | 'too-many-redirects' | 'network';

/** A guarded fetch that failed for a reason other than policy (BlockedUrlError) or DNS (UnresolvableHostError). */
export class GuardedFetchError extends Error {
  readonly code: GuardedFetchFailure;
  readonly url: string;
  readonly detail: string;

  constructor(code: GuardedFetchFailure, url: string, detail: string, cause?: unknown) {
    super(`${code} fetching ${url}: ${cause instanceof Error ? cause.message : detail}`, { cause });
    this.name = 'GuardedFetchError';
    this.code = code;
    this.url = url;
    this.detail = detail;
  }
}

const DEFAULTS = { maxRedirects: 5, maxBytes: 10 * 1024 * 1024, timeoutMs: 10_000 };
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Credentials never follow a redirect to another origin. */
const ORIGIN_BOUND_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];

// Own agents: a pooled socket is only ever one that this guard connected to a checked address.
const agents = { http: new http.Agent({ keepAlive: true }), https: new https.Agent({ keepAlive: true }) };
/** Sent again after a pooled connection's drop: only methods that are safe to send twice. */
const RESENDABLE_METHODS = new Set(['GET', 'HEAD']);
/** How a connection the server closed while our request went out on it fails. */
const DROPPED_CONNECTION_CODES = new Set(['ECONNRESET', 'EPIPE']);

/** Buffered form of `guardedStream`: the whole (capped) body in memory, for small answers (JSON, pages, CSV). */
export async function guardedFetch(guard: SsrfGuard, url: string, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
  const response = await guardedStream(guard, url, init);
  const chunks: Buffer[] = [];
  for await (const chunk of response.body) chunks.push(chunk as Buffer);
  const body = Buffer.concat(chunks);
  const { body: _stream, ...head } = response;
  return { ...head, body, text: () => body.toString('utf8'), json: <T>() => JSON.parse(body.toString('utf8')) as T };
}

/**
 * The one guarded request: every hop resolved and checked by the guard, connected to the checked
 * addresses only, redirects followed by hand; the final answer's body as a capped stream.
 */
export async function guardedStream(guard: SsrfGuard, url: string, init: GuardedFetchInit = {}): Promise<GuardedStreamResponse> {
  const limits = {
    maxRedirects: init.maxRedirects ?? DEFAULTS.maxRedirects,
    maxBytes: init.maxBytes ?? DEFAULTS.maxBytes,
    timeoutMs: init.timeoutMs ?? DEFAULTS.timeoutMs,
  };
  const timeout = AbortSignal.timeout(limits.timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? null;
  const headers = new Headers(init.headers);
  let current = url;

  for (let hop = 0; ; hop++) {
    const checked = await guard.resolve(current);
    const response = await requestOnce(checked, { method, headers, body, signal, maxBytes: limits.maxBytes, timeoutMs: limits.timeoutMs });
    const location = response.headers.get('location');
    if (!REDIRECT_STATUSES.has(response.status) || location === null || limits.maxRedirects === 0) {
      return {
        url: current,
        redirected: hop > 0,
        status: response.status,
        statusText: response.statusText,
        ok: response.status >= 200 && response.status < 300,
        headers: response.headers,
        body: response.body,
      };
    }
    // A redirect's own body is never read (it could be endless).
    response.body.destroy();
    if (hop >= limits.maxRedirects) {
      throw new GuardedFetchError('too-many-redirects', url, `More than ${limits.maxRedirects} redirects starting at ${shortenUrl(url)}.`);
    }
    const next = new URL(location, current);
    if (next.origin !== checked.url.origin) ORIGIN_BOUND_HEADERS.forEach((name) => headers.delete(name));
    // Fetch standard: 303, and 301/302 after POST, continue as a body-less GET.
    if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
      if (method !== 'HEAD') method = 'GET';
      body = null;
      headers.delete('content-type');
      headers.delete('content-length');
    }
    current = next.toString();
  }
}

interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** Decoded and capped. */
  body: Readable;
}

/** Connects to the addresses the guard approved, never to a fresh DNS answer (no rebinding window). */
function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(
        null,
        addresses.map(({ address, family }) => ({ address, family })),
      );
    } else {
      const first = addresses.find((a) => !options.family || a.family === options.family) ?? addresses[0]!;
      callback(null, first.address, first.family);
    }
  };
}

interface RequestOptions {
  method: string;
  headers: Headers;
  body: string | Uint8Array | null;
  signal: AbortSignal;
  maxBytes: number;
  timeoutMs: number;
  /** On a new connection of its own, not a pooled one (the resend after a pooled connection's drop). */
  fresh?: boolean;
}

function requestOnce(checked: CheckedUrl, options: RequestOptions): Promise<RawResponse> {
  const { url } = checked;
  const shown = shortenUrl(url.toString());
  const transport = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'accept-encoding': 'gzip, deflate, br' };
  options.headers.forEach((value, name) => {
    headers[name] = value;
  });
  return new Promise<RawResponse>((resolve, reject) => {
    if (options.signal.aborted) {
      reject(abortError(options.signal, url.toString(), shown, options.timeoutMs));
      return;
    }
    const request = transport.request(url, {
      method: options.method,
      headers,
      agent: options.fresh ? false : url.protocol === 'https:' ? agents.https : agents.http,
      signal: options.signal,
      ...(checked.addresses.length > 0 ? { lookup: pinnedLookup(checked.addresses) } : {}),
    });
    let answered = false;
    request.on('error', (error) => {
      if (!answered && !options.signal.aborted && isPooledConnectionDrop(request, error, options)) {
        // Node's keep-alive race: the server closed an idle pooled connection just as this request
        // went out on it, and nothing was answered. Sent once more, on a connection of its own.
        requestOnce(checked, { ...options, fresh: true }).then(resolve, reject);
        return;
      }
      reject(
        options.signal.aborted
          ? abortError(options.signal, url.toString(), shown, options.timeoutMs)
          : new GuardedFetchError('network', url.toString(), `Could not fetch ${shown}.`, error),
      );
    });
    request.on('response', (response) => {
      answered = true;
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        if (value === undefined) continue;
        for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
      }
      resolve({
        status: response.statusCode ?? 0,
        statusText: response.statusMessage ?? '',
        headers: responseHeaders,
        body: cappedBody(response, { ...options, url: url.toString(), shown }),
      });
    });
    if (options.body !== null) request.end(options.body);
    else request.end();
  });
}

function isPooledConnectionDrop(request: http.ClientRequest, error: unknown, options: RequestOptions): boolean {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return request.reusedSocket && !options.fresh && RESENDABLE_METHODS.has(options.method) && DROPPED_CONNECTION_CODES.has(code);
}

/**
 * The response decoded (gzip, deflate, br: a zip bomb stops at the cap too) and counted: the
 * stream fails with `too-large` and the connection is dropped as soon as the cap is passed.
 * Every failure on the way (socket, decoder, time-out) reaches the reader as a GuardedFetchError.
 */
function cappedBody(
  response: http.IncomingMessage,
  options: { signal: AbortSignal; maxBytes: number; timeoutMs: number; url: string; shown: string },
): Readable {
  let size = 0;
  const capped = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) {
        callback(
          new GuardedFetchError('too-large', options.url, `The response of ${options.shown} is larger than ${options.maxBytes} bytes.`),
        );
        return;
      }
      callback(null, chunk);
    },
  });
  const fail = (error: unknown) => {
    if (capped.destroyed) return;
    capped.destroy(
      options.signal.aborted
        ? abortError(options.signal, options.url, options.shown, options.timeoutMs)
        : error instanceof GuardedFetchError
          ? error
          : new GuardedFetchError('network', options.url, `Could not read the response of ${options.shown}.`, error),
    );
  };
  // The error stays on the stream (`errored`) and reaches the reader on its next read; without a
  // listener, a failure before the reader's first read (the cap passed while still piping) would be thrown.
  capped.on('error', () => undefined);
  const decoder = decoderFor(response);
  const source: Readable = decoder ? response.pipe(decoder) : response;
  if (decoder) decoder.on('error', fail);
  response.on('error', fail);
  // An answer cut short (the connection closed before its end) is a failure, not a short body.
  response.on('aborted', () => fail(new Error('the connection closed before the end of the response')));
  source.pipe(capped);
  // The reader stopped (the cap, a destroy): stop downloading.
  capped.on('close', () => {
    if (!response.complete) response.destroy();
    decoder?.destroy();
  });
  return capped;
}

function decoderFor(response: http.IncomingMessage): Transform | null {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

function abortError(signal: AbortSignal, url: string, shown: string, timeoutMs: number): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    return new GuardedFetchError('timeout', url, `Fetching ${shown} took longer than ${timeoutMs} ms.`);
  }
  return reason instanceof Error ? reason : new GuardedFetchError('network', url, `Fetching ${shown} was aborted.`);
}
