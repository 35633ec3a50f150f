import type { operations } from './generated/openapi.js';
import { OPERATION_ROUTES } from './generated/operations.js';
import { PressroomError, PressroomNetworkError, PressroomRenderError, PressroomTimeoutError } from './errors.js';
import { Transport, type RequestOptions, type TransportOptions } from './transport.js';

export type OperationId = keyof typeof OPERATION_ROUTES & keyof operations;

type Parameters_<K extends OperationId> = operations[K]['parameters'];
type PathOf<K extends OperationId> = Parameters_<K> extends { path?: infer P } ? P : never;
type QueryOf<K extends OperationId> = Parameters_<K> extends { query?: infer Q } ? Q : never;
/** The JSON request body of an operation. */
export type BodyOf<K extends OperationId> = operations[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : never;
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;
/** The JSON body of an operation's success answers (2xx). */
export type ResultOf<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: S extends 200 | 201 | 202 ? JsonOf<operations[K]['responses'][S]> : never;
}[keyof operations[K]['responses']];

export interface CallInput<K extends OperationId> extends Omit<RequestOptions, 'query' | 'body'> {
  path?: PathOf<K>;
  query?: QueryOf<K>;
  body?: BodyOf<K>;
}

export type Api = { [K in OperationId]: (input?: CallInput<K>) => Promise<ResultOf<K>> };

export interface PressroomOptions extends Partial<TransportOptions> {
  /** How often to poll an accepted (202) render or a batch, in ms. Default 1000. */
  pollIntervalMs?: number;
}

export interface WaitOptions {
  /** Give up waiting after this many ms (PressroomTimeoutError). Default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Options of the render helpers: the request's own, and how long to wait for a 202. */
export type RenderOptions = WaitOptions & Omit<RequestOptions, 'query' | 'body'>;

type Entry = { id?: string; status?: string; url?: string | null; error?: { slug?: string; detail?: string } | null } & Record<
  string,
  unknown
>;

const env = (name: string): string | undefined =>
  (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.[name];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The Pressroom API. `api.<operationId>()` calls any endpoint with typed input and
 * output; the render helpers also wait for an accepted (202) render to finish.
 */
export class Pressroom {
  readonly api: Api;
  private readonly transport: Transport;
  private readonly pollIntervalMs: number;

  constructor(options: PressroomOptions = {}) {
    this.transport = new Transport({
      ...options,
      baseUrl: options.baseUrl ?? env('PRESSROOM_URL') ?? 'http://localhost:8080',
      apiKey: options.apiKey ?? env('PRESSROOM_API_KEY'),
    });
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.api = Object.fromEntries(
      (Object.keys(OPERATION_ROUTES) as OperationId[]).map((id) => [
        id,
        (input?: CallInput<typeof id>) => this.call(id, input).then((a) => a.data),
      ]),
    ) as unknown as Api;
  }

  get baseUrl(): string {
    return this.transport.baseUrl;
  }

  /** Any operation, with its status and headers (202 answers carry `Location`). */
  async call<K extends OperationId>(id: K, input: CallInput<K> = {}): Promise<{ status: number; headers: Headers; data: ResultOf<K> }> {
    const route = OPERATION_ROUTES[id];
    const params = (input.path ?? {}) as Record<string, string | number>;
    const path = route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
      if (params[name] === undefined || params[name] === '') throw new PressroomError(`${id} needs the path parameter ${name}.`);
      return encodeURIComponent(String(params[name]));
    });
    const { body, status, headers } = await this.transport.json<ResultOf<K>>(route.method, path, {
      ...input,
      query: input.query as Record<string, unknown> | undefined,
    });
    return { status, headers, data: body };
  }

  /** POST /image, waiting for a 202 to finish. */
  renderImage(body: BodyOf<'renderImage'>, options?: RenderOptions) {
    return this.render('renderImage', { ...options, body }, options);
  }

  /** POST /gif, waiting for a 202 to finish. */
  renderGif(body: BodyOf<'renderGif'>, options?: RenderOptions) {
    return this.render('renderGif', { ...options, body }, options);
  }

  /** POST /pdf/render, waiting for a 202 to finish. */
  renderPdf(body: BodyOf<'renderPdf'>, options?: RenderOptions) {
    return this.render('renderPdf', { ...options, body }, options);
  }

  /** POST /templates/{uid}/render, waiting for a 202 to finish. */
  renderTemplate(uid: string, body: BodyOf<'renderTemplate'> = {}, options?: RenderOptions) {
    return this.render('renderTemplate', { ...options, path: { uid }, body }, options);
  }

  /**
   * Calls a render operation; a 202 is polled at its `Location` until `done`
   * (the result, with `url`) or `failed` (PressroomRenderError).
   */
  async render<K extends OperationId>(id: K, input: CallInput<K>, options: WaitOptions = {}): Promise<RenderOutcome> {
    const answer = await this.call(id, input);
    const data = answer.data as unknown as Entry;
    const nested = Object.values(data).find((v): v is Entry => typeof v === 'object' && v !== null && 'url' in v);
    const entry = typeof data.url === 'string' ? data : nested && typeof nested.url === 'string' ? nested : data;
    if (answer.status !== 202) return { ...entry, url: String(entry.url) };
    const location = answer.headers.get('location');
    if (!location) throw new PressroomError(`${id} answered 202 without a Location to poll.`);
    return this.waitForRender(location, options);
  }

  /** Polls a render (`/image/{id}`, `/gif/{id}`, `/pdf/{id}`, `/video/renders/{id}` or a Location) until it ends. */
  async waitForRender(location: string, options: WaitOptions = {}): Promise<RenderOutcome> {
    const deadline = Date.now() + (options.timeoutMs ?? 300_000);
    for (let delay = this.pollIntervalMs; ; delay = Math.min(delay * 1.5, 5_000)) {
      const { body } = await this.transport.json<Record<string, unknown>>('GET', location, { signal: options.signal });
      const entry = (
        typeof body.status === 'string' ? body : Object.values(body).find((v) => typeof v === 'object' && v !== null && 'status' in v)
      ) as Entry;
      if (entry?.status === 'done' && entry.url) return { ...entry, url: entry.url };
      if (entry?.status === 'failed')
        throw new PressroomRenderError(
          String(entry.id ?? location),
          entry.error?.slug ?? null,
          entry.error?.detail ?? 'The render failed.',
        );
      if (Date.now() + delay > deadline)
        throw new PressroomTimeoutError(`The render at ${location} had not finished after ${options.timeoutMs ?? 300_000} ms.`);
      await sleep(delay);
    }
  }

  /** Polls a batch until it is no longer pending or processing; `onProgress` sees every poll. */
  async waitForBatch(
    batchId: string,
    options: WaitOptions & { onProgress?: (batch: ResultOf<'getBatch'>) => void } = {},
  ): Promise<ResultOf<'getBatch'>> {
    const deadline = Date.now() + (options.timeoutMs ?? 30 * 60_000);
    for (;;) {
      const batch = await this.api.getBatch({ path: { batchId }, signal: options.signal });
      options.onProgress?.(batch);
      if (batch.status !== 'pending' && batch.status !== 'processing') return batch;
      if (Date.now() + this.pollIntervalMs > deadline) throw new PressroomTimeoutError(`Batch ${batchId} had not finished in time.`);
      await sleep(this.pollIntervalMs);
    }
  }

  /**
   * The bytes of a rendered file (a `url` from a render, or a path). A connection cut
   * mid-download is retried (files never change); after the retries, PressroomNetworkError.
   */
  async download(
    url: string,
    options: { signal?: AbortSignal; maxRetries?: number } = {},
  ): Promise<{ bytes: Uint8Array; contentType: string | null }> {
    const retries = options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      const answer = await this.transport.send('GET', url, { signal: options.signal });
      const expected = Number(answer.headers.get('content-length') ?? NaN);
      try {
        const bytes = new Uint8Array(await answer.response.arrayBuffer());
        if (!Number.isNaN(expected) && bytes.byteLength !== expected) {
          throw new Error(`received ${bytes.byteLength} of ${expected} bytes`);
        }
        return { bytes, contentType: answer.headers.get('content-type') };
      } catch (error) {
        if (options.signal?.aborted) throw error;
        if (attempt >= retries) {
          throw new PressroomNetworkError(`The download of ${url} was cut off: ${(error as Error).message}.`, url, { cause: error });
        }
      }
    }
  }
}

/** A finished render: its id, the file `url`, and the kind's own fields. */
export type RenderOutcome = { id?: string; url: string; status?: string } & Record<string, unknown>;
