import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
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

export interface GuardedResponse {
  /** The final URL, after redirects. */
  url: string;
  status: number;
  statusText: string;
  ok: boolean;
  redirected: boolean;
  headers: Headers;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
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

export async function guardedFetch(guard: SsrfGuard, url: string, init: GuardedFetchInit = {}): Promise<GuardedResponse> {
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
      return finish(response, current, hop > 0);
    }
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
  body: Buffer;
}

function finish(raw: RawResponse, url: string, redirected: boolean): GuardedResponse {
  return {
    url,
    redirected,
    status: raw.status,
    statusText: raw.statusText,
    ok: raw.status >= 200 && raw.status < 300,
    headers: raw.headers,
    body: raw.body,
    text: () => raw.body.toString('utf8'),
    json: <T>() => JSON.parse(raw.body.toString('utf8')) as T,
  };
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

function requestOnce(
  checked: CheckedUrl,
  options: { method: string; headers: Headers; body: string | Uint8Array | null; signal: AbortSignal; maxBytes: number; timeoutMs: number },
): Promise<RawResponse> {
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
      agent: url.protocol === 'https:' ? agents.https : agents.http,
      signal: options.signal,
      ...(checked.addresses.length > 0 ? { lookup: pinnedLookup(checked.addresses) } : {}),
    });
    request.on('error', (error) => {
      reject(
        options.signal.aborted
          ? abortError(options.signal, url.toString(), shown, options.timeoutMs)
          : new GuardedFetchError('network', url.toString(), `Could not fetch ${shown}.`, error),
      );
    });
    request.on('response', (response) => {
      const decoded = decodeBody(response);
      const chunks: Buffer[] = [];
      let size = 0;
      decoded.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          response.destroy();
          decoded.destroy();
          reject(new GuardedFetchError('too-large', url.toString(), `The response of ${shown} is larger than ${options.maxBytes} bytes.`));
          return;
        }
        chunks.push(chunk);
      });
      decoded.on('error', (error) => {
        reject(
          options.signal.aborted
            ? abortError(options.signal, url.toString(), shown, options.timeoutMs)
            : new GuardedFetchError('network', url.toString(), `Could not read the response of ${shown}.`, error),
        );
      });
      decoded.on('end', () => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (value === undefined) continue;
          for (const item of Array.isArray(value) ? value : [value]) responseHeaders.append(name, item);
        }
        resolve({
          status: response.statusCode ?? 0,
          statusText: response.statusMessage ?? '',
          headers: responseHeaders,
          body: Buffer.concat(chunks),
        });
      });
    });
    if (options.body !== null) request.end(options.body);
    else request.end();
  });
}

function decodeBody(response: http.IncomingMessage): NodeJS.ReadableStream & { destroy(): void } {
  switch ((response.headers['content-encoding'] ?? '').toLowerCase()) {
    case 'gzip':
      return response.pipe(zlib.createGunzip());
    case 'deflate':
      return response.pipe(zlib.createInflate());
    case 'br':
      return response.pipe(zlib.createBrotliDecompress());
    default:
      return response;
  }
}

function abortError(signal: AbortSignal, url: string, shown: string, timeoutMs: number): Error {
  const reason: unknown = signal.reason;
  if (reason instanceof DOMException && reason.name === 'TimeoutError') {
    return new GuardedFetchError('timeout', url, `Fetching ${shown} took longer than ${timeoutMs} ms.`);
  }
  return reason instanceof Error ? reason : new GuardedFetchError('network', url, `Fetching ${shown} was aborted.`);
}
