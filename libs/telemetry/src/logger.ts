import { pino, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger };

/** JSON logs; every line carries the active trace and span ids. */
export function createLogger(options: { service: string; level?: string }): Logger {
  return pino({
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const ctx = span.spanContext();
      return { traceId: ctx.traceId, spanId: ctx.spanId };
    },
  });
}
