import { context, trace } from '@opentelemetry/api';
import { getTracer, inSpan, initTracing, injectTraceHeaders } from './tracing.js';

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
});
