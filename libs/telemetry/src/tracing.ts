import { context, propagation, trace, type Context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { BasicTracerProvider, InMemorySpanExporter, SimpleSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

let provider: BasicTracerProvider | undefined;
let memoryExporter: InMemorySpanExporter | undefined;

/**
 * Registers the process-wide tracer provider once (several services may share
 * one process in the embedded mode). Spans are kept in memory when
 * PRESSROOM_TRACE_MEMORY=1 (tests), and otherwise only propagated: an OTLP
 * exporter can be added here without touching services.
 */
export function initTracing(options: { keepInMemory?: boolean } = {}): void {
  if (provider) return;
  const processors: SpanProcessor[] = [];
  if (options.keepInMemory ?? process.env.PRESSROOM_TRACE_MEMORY === '1') {
    memoryExporter = new InMemorySpanExporter();
    processors.push(new SimpleSpanProcessor(memoryExporter));
  }
  provider = new BasicTracerProvider({ spanProcessors: processors });
  const contextManager = new AsyncLocalStorageContextManager();
  contextManager.enable();
  context.setGlobalContextManager(contextManager);
  propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  trace.setGlobalTracerProvider(provider);
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

/** The context carried by message headers (or the active one when there is none). */
export function extractTraceContext(headers: Record<string, string>): Context {
  return propagation.extract(context.active(), headers);
}
