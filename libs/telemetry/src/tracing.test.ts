import { context, trace } from '@opentelemetry/api';
import { getTracer, inSpan, initTracing, injectTraceHeaders, producerHeaders } from './tracing.js';

describe('tracing without an exporter', () => {
  beforeAll(() => initTracing({ env: {} }));

  it('records no span, yet every span has ids and the trace reaches headers and log lines', async () => {
    const span = getTracer('t').startSpan('request');
    expect(span.isRecording()).toBe(false);
    expect(span.spanContext().traceId).toMatch(/^(?!0+$)[0-9a-f]{32}$/);
    const headers = injectTraceHeaders({}, trace.setSpan(context.active(), span));
    expect(headers.traceparent).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-00`);
    span.end();
  });

  it('runs a step in the caller’s span instead of a span of its own', async () => {
    const outer = getTracer('t').startSpan('outer');
    const seen = await context.with(trace.setSpan(context.active(), outer), () =>
      inSpan('step', async () => trace.getActiveSpan()?.spanContext().spanId),
    );
    expect(seen).toBe(outer.spanContext().spanId);
    outer.end();
  });

  it('publishes under the active span without a publish span; with none active, under a new trace', () => {
    const outer = getTracer('t').startSpan('outer');
    const headers = context.with(trace.setSpan(context.active(), outer), () => producerHeaders('render.done', {}));
    expect(headers.traceparent).toBe(`00-${outer.spanContext().traceId}-${outer.spanContext().spanId}-00`);
    outer.end();
    expect(producerHeaders('render.done', {}).traceparent).toMatch(/^00-(?!0+-)[0-9a-f]{32}-[0-9a-f]{16}-00$/);
  });
});
