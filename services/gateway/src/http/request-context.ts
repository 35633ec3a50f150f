import type { RequestHandler } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { context, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { DURATION_BUCKETS_SECONDS, getMeter, getTracer, incomingRequestContext, type Logger } from '@pressroom/telemetry';
import { routeLabel } from './route-label.js';

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
/** A render id in a path: GET /image/{id}, /renders/{id}, /files/renders/{id}.png (libs/contracts ids: prefix, 24 characters). */
const RENDER_ID_IN_PATH = /(?<![A-Za-z0-9])((?:img|gif|pdf|vid)_[0-9a-z]{24})(?![A-Za-z0-9])/g;

/** The render ids the request in whose async context code runs has learned (see `noteRenderId`). */
const requestRenderIds = new AsyncLocalStorage<Set<string>>();

/**
 * Puts a render id on the current request's access log line (`renderId`, or `renderIds` for several),
 * so an operator goes from a request to the renderer's lines, which carry the same id. The render
 * submission (submit-render.ts) notes every render it takes; callable from anywhere the request's work
 * runs (across awaits); outside a request it does nothing.
 */
export function noteRenderId(id: string): void {
  requestRenderIds.getStore()?.add(id);
}

/** The render ids of one request's log line: those noted, and any in its path. */
function renderIdsOf(path: string, noted: Set<string>): Record<string, unknown> {
  const ids = new Set([...noted, ...[...path.matchAll(RENDER_ID_IN_PATH)].map((match) => match[1]!)]);
  if (ids.size === 0) return {};
  return ids.size === 1 ? { renderId: [...ids][0] } : { renderIds: [...ids] };
}

/**
 * Per request: a request id (X-Request-Id, echoed), a server span that
 * becomes the parent of everything the request does (bus messages carry it
 * on), a child logger carrying the request id, duration metrics, and one
 * access line with the render id(s) the request was about.
 */
export function requestContext(options: { logger: Logger }): RequestHandler {
  const tracer = getTracer('pressroom-gateway');
  const meter = getMeter();
  const duration = meter.createHistogram('http_server_request_duration_seconds', {
    description: 'HTTP request duration',
    advice: { explicitBucketBoundaries: DURATION_BUCKETS_SECONDS },
  });
  return (req, res, next) => {
    const incoming = req.headers['x-request-id'];
    const requestId = typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    res.setHeader('X-Request-Id', requestId);
    // A caller's traceparent continues its trace; a malformed one is ignored (new trace).
    const parent = incomingRequestContext(req.headers);
    const span = tracer.startSpan(
      `${req.method} ${req.path}`,
      { kind: SpanKind.SERVER, attributes: { 'http.request.method': req.method, 'url.path': req.path, 'pressroom.request_id': requestId } },
      parent,
    );
    const ctx = trace.setSpan(parent, span);
    res.locals.requestId = requestId;
    // The trace id comes from the logger's mixin (the request runs inside its span's context).
    res.locals.log = options.logger.child({ requestId });
    const started = performance.now();
    const renderIds = new Set<string>();
    res.on('finish', () => {
      const route = routeLabel((req.route as { path?: unknown } | undefined)?.path);
      span.updateName(`${req.method} ${route}`);
      span.setAttribute('http.response.status_code', res.statusCode);
      if (res.statusCode >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
      const ms = performance.now() - started;
      duration.record(ms / 1000, { method: req.method, route, status: String(res.statusCode) });
      // One access line per request, inside the request's trace context.
      context.with(ctx, () =>
        (res.locals.log as Logger).info(
          { method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms), ...renderIdsOf(req.path, renderIds) },
          'request',
        ),
      );
    });
    requestRenderIds.run(renderIds, () => context.with(ctx, () => next()));
  };
}
