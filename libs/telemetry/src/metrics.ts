import { metrics, type Meter } from '@opentelemetry/api';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import type { IncomingMessage, ServerResponse } from 'node:http';

let exporter: PrometheusExporter | undefined;

/** Process-wide meter provider whose readings are served in Prometheus text format. */
export function initMetrics(): void {
  if (exporter) return;
  exporter = new PrometheusExporter({ preventServerStart: true });
  metrics.setGlobalMeterProvider(new MeterProvider({ readers: [exporter] }));
}

export function getMeter(name: string): Meter {
  initMetrics();
  return metrics.getMeter(name);
}

/** An HTTP handler for GET /metrics. */
export function metricsHandler(req: IncomingMessage, res: ServerResponse): void {
  initMetrics();
  exporter!.getMetricsRequestHandler(req, res);
}
