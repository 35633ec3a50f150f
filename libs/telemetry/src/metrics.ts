import { metrics, type Meter } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { registerRuntimeMetrics } from './runtime-metrics.js';

let exporter: PrometheusExporter | undefined;

/**
 * Histogram boundaries (seconds) for request and render durations: fine at
 * the short end, up to the longest render a service runs (a 5-minute video).
 */
export const DURATION_BUCKETS_SECONDS = [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * The one meter every Pressroom instrument is created on. Instruments of the
 * same name on different meters become separate Prometheus families with
 * the same name (the embedded process runs several renderers), which strict
 * parsers reject; one meter makes the SDK hand back the same instrument.
 */
export const PRESSROOM_METER = 'pressroom';

/** Process-wide meter provider whose readings are served in Prometheus text format. */
export function initMetrics(): void {
  if (exporter) return;
  // Without the otel_scope_* labels: every instrument lives on one meter, the labels would only add noise.
  exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true, withoutTargetInfo: true });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [exporter] }));
  registerRuntimeMetrics(metrics.getMeter(PRESSROOM_METER));
}

/** The shared meter every instrument is created on. */
export function getMeter(): Meter {
  initMetrics();
  return metrics.getMeter(PRESSROOM_METER);
}

/** An HTTP handler for GET /metrics. */
export function metricsHandler(req: IncomingMessage, res: ServerResponse): void {
  initMetrics();
  exporter!.getMetricsRequestHandler(req, res);
}
