import type { Meter } from '@opentelemetry/api';
import { monitorEventLoopDelay } from 'node:perf_hooks';

/**
 * Node runtime readings (memory, CPU, event-loop delay), taken when Prometheus
 * scrapes, so an idle process costs nothing. Names follow the prom-client
 * conventions operators' dashboards already know.
 */
export function registerRuntimeMetrics(meter: Meter): void {
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  const cpu = meter.createObservableCounter('process_cpu_seconds', { description: 'User and system CPU time spent' });
  const resident = meter.createObservableGauge('process_resident_memory_bytes', { description: 'Resident memory size' });
  const heap = meter.createObservableGauge('nodejs_heap_used_bytes', { description: 'V8 heap in use' });
  const heapTotal = meter.createObservableGauge('nodejs_heap_total_bytes', { description: 'V8 heap reserved' });
  const loopP99 = meter.createObservableGauge('nodejs_eventloop_delay_p99_seconds', {
    description: 'Event-loop delay, 99th percentile since the previous scrape',
  });
  const started = meter.createObservableGauge('process_start_time_seconds', { description: 'Process start time (Unix seconds)' });
  const startSeconds = Math.round(Date.now() / 1000 - process.uptime());
  meter.addBatchObservableCallback(
    (result) => {
      const usage = process.cpuUsage();
      result.observe(cpu, (usage.user + usage.system) / 1e6);
      const memory = process.memoryUsage();
      result.observe(resident, memory.rss);
      result.observe(heap, memory.heapUsed);
      result.observe(heapTotal, memory.heapTotal);
      result.observe(loopP99, loop.percentile(99) / 1e9);
      loop.reset();
      result.observe(started, startSeconds);
    },
    [cpu, resident, heap, heapTotal, loopP99, started],
  );
}
