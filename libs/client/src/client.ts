import type { operations } from './generated/openapi.js';
import { OPERATION_ROUTES } from './generated/operations.js';
import { PressroomError, PressroomNetworkError, PressroomRenderError, PressroomTimeoutError } from './errors.js';
import {
  Entry,
  gifResult,
  imageResult,
  isTemplateAnswer,
  layoutErrors,
  layoutItems,
  layoutResult,
  pdfResult,
  type Fail,
  type GifRenderResult,
  type ImageRenderResult,
  type PdfRenderResult,
  type TemplateLayoutResult,
  type TemplateRenderResult,
} from './render-results.js';
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
/** The JSON body of an operation's success answers (2xx; a 204 has none). */
export type ResultOf<K extends OperationId> = {
  [S in keyof operations[K]['responses']]: S extends 200 | 201 | 202
    ? JsonOf<operations[K]['responses'][S]>
    : S extends 204
      ? undefined
      : never;
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
  /** Give up waiting after this many ms (PressroomTimeoutError); several layouts share it. Default 5 minutes. */
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Options of the render helpers: the request's own, and how long to wait for a 202. */
export type RenderOptions = WaitOptions & Omit<RequestOptions, 'query' | 'body'>;

const DEFAULT_RENDER_WAIT_MS = 300_000;

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

  /**
   * POST /image, waiting for a 202 to finish. With a `template` the answer is a template render's
   * (`renders` for every layout, as `renderTemplate`).
   */
  renderImage(body: BodyOf<'renderImage'> & { template: string }, options?: RenderOptions): Promise<TemplateRenderResult>;
  renderImage(body: BodyOf<'renderImage'>, options?: RenderOptions): Promise<ImageRenderResult>;
  async renderImage(body: BodyOf<'renderImage'>, options?: RenderOptions): Promise<ImageRenderResult> {
    const answer = await this.call('renderImage', { ...options, body });
    if (isTemplateAnswer(answer.data)) return this.settleTemplate('POST /image', answer, options);
    return imageResult(await this.settle('POST /image', answer, null, options));
  }

  /** POST /gif, waiting for a 202 to finish. */
  async renderGif(body: BodyOf<'renderGif'>, options?: RenderOptions): Promise<GifRenderResult> {
    return gifResult(await this.settle('POST /gif', await this.call('renderGif', { ...options, body }), 'gif', options));
  }

  /** POST /pdf/render, waiting for a 202 to finish. */
  async renderPdf(body: BodyOf<'renderPdf'>, options?: RenderOptions): Promise<PdfRenderResult> {
    return pdfResult(await this.settle('POST /pdf/render', await this.call('renderPdf', { ...options, body }), null, options));
  }

  /**
   * POST /templates/{uid}/render, waiting for every layout: each queued one is polled until done. A layout
   * whose render failed joins `errors` when others rendered; when none did, PressroomRenderError.
   */
  async renderTemplate(uid: string, body: BodyOf<'renderTemplate'> = {}, options?: RenderOptions): Promise<TemplateRenderResult> {
    const answer = await this.call('renderTemplate', { ...options, path: { uid }, body });
    return this.settleTemplate(`POST /templates/${uid}/render`, answer, options);
  }

  /**
   * Any render operation, waiting for a 202: the finished render as the API describes it (`waitForRender`'s
   * entry, or the 200 body's). Prefer the kind's helper, whose result has one typed shape.
   */
  async render<K extends OperationId>(id: K, input: CallInput<K>, options: WaitOptions = {}): Promise<RenderOutcome> {
    const answer = await this.call(id, input);
    const where = `${OPERATION_ROUTES[id].method} ${OPERATION_ROUTES[id].path}`;
    if (isTemplateAnswer(answer.data)) return { ...(await this.settleTemplate(where, answer, options)) };
    const body = answer.data as Record<string, unknown>;
    const nested = Object.keys(body).find((key) => typeof body[key] === 'object' && body[key] !== null && 'url' in body[key]);
    const entry = await this.settle(where, answer, typeof body.url === 'string' || !nested ? null : nested, options);
    return { ...entry.value, url: entry.string('url') };
  }

  /**
   * Polls a render (`/image/{id}`, `/gif/{id}`, `/pdf/{id}`, `/video/renders/{id}` or a Location) until it is `done`
   * (its entry, with `url`) or `failed` (PressroomRenderError).
   */
  async waitForRender(location: string, options: WaitOptions = {}): Promise<RenderOutcome> {
    const entry = await this.pollRender(location, options);
    return { ...entry.value, url: entry.string('url') };
  }

  /** The finished render of an answer: the 200 body (or its member `key`), or the entry its 202's Location ends with. */
  private async settle(where: string, answer: Answer, key: string | null, options: WaitOptions = {}): Promise<Entry> {
    const fail = this.failer(where, answer.status);
    if (answer.status !== 202) {
      const body = Entry.of(answer.data, fail, 'the answer');
      return key ? body.object(key) : body;
    }
    const location = answer.headers.get('location');
    return this.pollRender(location ?? fail('a Location header to poll (it answered 202)'), options);
  }

  /** A template render's answer with every layout done: the done ones as they are, the queued ones polled. */
  private async settleTemplate(where: string, answer: Answer, options: WaitOptions = {}): Promise<TemplateRenderResult> {
    const fail = this.failer(where, answer.status);
    const body = Entry.of(answer.data, fail, 'the answer');
    const several = Array.isArray(body.value.renders);
    const items = layoutItems(body);
    const location = answer.headers.get('location');
    const deadline = Date.now() + (options.timeoutMs ?? DEFAULT_RENDER_WAIT_MS);
    const settled = await Promise.allSettled(
      items.map(async (item) => {
        const kind = item.format === 'pdf' ? 'pdf' : 'image';
        if (item.status !== 'done') {
          // Several layouts answer without a Location: each one is at GET /image/{id} (or /pdf/{id}).
          const at = !several && location ? location : `/${kind}/${encodeURIComponent(item.id)}`;
          return layoutResult(item, await this.pollRender(at, { ...options, timeoutMs: deadline - Date.now() }), fail);
        }
        if (kind === 'image') return layoutResult(item, null, fail);
        // A PDF's page details: a one-layout answer is the PDF result itself; `renders` entries lack them.
        if (!several) return layoutResult(item, body, fail);
        const fetched = await this.transport.json<Record<string, unknown>>('GET', `/pdf/${encodeURIComponent(item.id)}`, {
          signal: options.signal,
        });
        return layoutResult(
          item,
          Entry.of(fetched.body, this.failer(`GET /pdf/${item.id}`, fetched.status), 'the answer').object('pdf'),
          fail,
        );
      }),
    );
    const renders: TemplateLayoutResult[] = [];
    const errors = layoutErrors(body);
    let firstFailure: PressroomRenderError | undefined;
    settled.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') return void renders.push(outcome.value);
      // One layout failing among several leaves the others' files: it is listed, not thrown.
      if (!several || !(outcome.reason instanceof PressroomRenderError)) throw outcome.reason;
      firstFailure ??= outcome.reason;
      errors.push({ layout: items[i]!.layout, error: outcome.reason.detail, code: outcome.reason.slug ?? 'render-failed' });
    });
    const first = renders[0];
    if (!first) throw firstFailure ?? fail('`renders` (none listed)');
    return { ...first, templateUid: body.string('templateUid'), renders, errors };
  }

  /** GET `location` until the render it names is done (its entry) or failed (PressroomRenderError). */
  private async pollRender(location: string, options: WaitOptions): Promise<Entry> {
    const timeoutMs = options.timeoutMs ?? DEFAULT_RENDER_WAIT_MS;
    const deadline = Date.now() + timeoutMs;
    for (let delay = this.pollIntervalMs; ; delay = Math.min(delay * 1.5, 5_000)) {
      const { status, body } = await this.transport.json<Record<string, unknown>>('GET', location, { signal: options.signal });
      const fail = this.failer(`GET ${location}`, status);
      // `{image: {...}}`, `{gif: {...}}`, `{pdf: {...}}`; a video render is the entry itself.
      const key =
        typeof body.status === 'string'
          ? null
          : Object.keys(body).find((k) => typeof body[k] === 'object' && body[k] !== null && 'status' in body[k]);
      const entry = key ? Entry.of(body, fail, 'the answer').object(key) : Entry.of(body, fail, 'the answer');
      const state = entry.string('status');
      if (state === 'done') return entry;
      if (state === 'failed') {
        const error = entry.value.error as { slug?: string; detail?: string } | null | undefined;
        throw new PressroomRenderError(String(entry.value.id ?? location), error?.slug ?? null, error?.detail ?? 'The render failed.');
      }
      if (Date.now() + delay > deadline)
        throw new PressroomTimeoutError(`The render at ${location} had not finished after ${timeoutMs} ms.`);
      await sleep(delay);
    }
  }

  /** A `Fail` for answers of `where`: names what was missing, as a PressroomNetworkError. */
  private failer(where: string, status: number): Fail {
    const [method = 'GET', ...path] = where.split(' ');
    return (missing) => {
      throw this.transport.malformed(method, path.join(' '), status, missing);
    };
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

/** A finished render as the API describes it (`waitForRender`, `render`): its id, the file `url`, and the kind's own fields. */
export type RenderOutcome = { id?: string; url: string; status?: string } & Record<string, unknown>;

type Answer = { status: number; headers: Headers; data: unknown };
