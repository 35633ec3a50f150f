import { context, propagation, ROOT_CONTEXT, SpanKind, trace, type Context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  BasicTracerProvider,
  BatchSpanProcessor,
  InMemorySpanExporter,
  SimpleSpanProcessor,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';

let provider: BasicTracerProvider | undefined;
let memoryExporter: InMemorySpanExporter | undefined;
/** Whether finished spans go anywhere (an exporter is configured); false: steps run without a span of their own. */
let recording = true;

export interface TracingOptions {
  /** `service.name` unless OTEL_SERVICE_NAME overrides it (the embedded process is `pressroom`). */
  service?: string;
  /** Keep finished spans in memory (tests); default PRESSROOM_TRACE_MEMORY=1. */
  keepInMemory?: boolean;
  /** The environment to read OTEL_* settings from (default process.env; tests pass their own). */
  env?: NodeJS.ProcessEnv;
}

/** OTLP export is on when an endpoint is configured and OTEL_TRACES_EXPORTER does not say otherwise. */
function wantsOtlp(env: NodeJS.ProcessEnv): boolean {
  const exporter = (env.OTEL_TRACES_EXPORTER ?? 'otlp').toLowerCase();
  if (exporter === 'none' || env.OTEL_SDK_DISABLED === 'true') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || env.OTEL_EXPORTER_OTLP_ENDPOINT);
}

/** `/v1/traces` is appended to the generic endpoint only (the OTLP spec's rule); the signal endpoint is used as is. */
function tracesUrl(env: NodeJS.ProcessEnv): string {
  if (env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) return env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  return `${env.OTEL_EXPORTER_OTLP_ENDPOINT!.replace(/\/+$/, '')}/v1/traces`;
}

/**
 * Registers the process-wide tracer provider once (several services may share
 * one process in the embedded mode). Spans go to an OTLP/HTTP collector when
 * OTEL_EXPORTER_OTLP_ENDPOINT (or ..._TRACES_ENDPOINT) is set; the exporter
 * reads the other standard OTEL_EXPORTER_OTLP_* settings (headers, timeout).
 */
export function initTracing(options: TracingOptions = {}): void {
  if (provider) return;
  const env = options.env ?? process.env;
  const processors: SpanProcessor[] = [];
  if (options.keepInMemory ?? env.PRESSROOM_TRACE_MEMORY === '1') {
    memoryExporter = new InMemorySpanExporter();
    processors.push(new SimpleSpanProcessor(memoryExporter));
  }
  if (wantsOtlp(env)) processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url: tracesUrl(env) })));
  const serviceName = env.OTEL_SERVICE_NAME ?? `pressroom-${options.service ?? 'embedded'}`;
  provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': serviceName, 'service.namespace': 'pressroom' }),
    spanProcessors: processors,
    // Nothing would receive a recorded span: record none (spans keep their ids, so log lines and the
    // traceparent headers still carry the trace). Recording them anyway cost about 3 % of the CPU per
    // render (issue 18).
    ...(processors.length === 0 ? { sampler: new AlwaysOffSampler() } : {}),
  });
  recording = processors.length > 0;
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
}

/** Sends the spans still buffered (graceful shutdown, tests). */
export async function flushTracing(): Promise<void> {
  await provider?.forceFlush();
}

/**
 * A tracer that follows whatever provider is registered, now or later
 * (modules take their tracer at load time, before main.ts calls initTracing).
 */
export function getTracer(name: string): Tracer {
  return trace.getTracer(name);
}

/** Finished spans, when kept in memory (tests). */
export function finishedSpans() {
  return memoryExporter?.getFinishedSpans() ?? [];
}

/** Write the active context's `traceparent` into message headers. */
export function injectTraceHeaders(headers: Record<string, string>, ctx: Context = context.active()): Record<string, string> {
  propagation.inject(ctx, headers);
  return headers;
}

/**
 * Headers for a message about to be published, under a PRODUCER span named
 * `publish <subject>`: the consumer's spans become children of that span, so
 * the trace shows the hop through the bus.
 */
export function producerHeaders(subject: string, headers: Record<string, string>): Record<string, string> {
  const active = context.active();
  if (!recording && trace.getSpanContext(active)) {
    // No span is exported: a publish span would only be made and dropped (a render publishes several
    // messages). The consumer continues the active span's trace, as its log lines and traceparent need.
    injectTraceHeaders(headers, active);
    return headers;
  }
  const span = getTracer('pressroom-bus').startSpan(`publish ${subject}`, {
    kind: SpanKind.PRODUCER,
    attributes: { 'messaging.system': 'nats', 'messaging.destination.name': subject, 'messaging.operation.type': 'publish' },
  });
  injectTraceHeaders(headers, trace.setSpan(active, span));
  span.end();
  return headers;
}

/** The context carried by message headers (or the active one when there is none). */
export function extractTraceContext(headers: Record<string, string>): Context {
  return propagation.extract(context.active(), headers);
}

/**
 * The context of an incoming HTTP request: its `traceparent` continues the
 * caller's trace; a missing or malformed one starts a new trace (the W3C
 * propagator ignores what it cannot parse).
 */
export function incomingRequestContext(headers: Record<string, string | string[] | undefined>): Context {
  return propagation.extract(ROOT_CONTEXT, headers);
}

const stepTracer = getTracer('pressroom-steps');

/**
 * Runs `work` inside a child span of the active one, named after one step of
 * a render (`db.insert_render`, `browser.print`, ...), so a trace shows where
 * a request's milliseconds go (the PDF bench's breakdown reads these). When no
 * span would be exported, `work` runs as it is, in the caller's span.
 */
export function inSpan<T>(name: string, work: () => Promise<T>): Promise<T> {
  if (!recording) return work();
  return stepTracer.startActiveSpan(name, (span) => work().finally(() => span.end()));
}
