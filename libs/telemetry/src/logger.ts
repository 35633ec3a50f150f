import { pino, type DestinationStream, type Logger } from 'pino';
import { trace } from '@opentelemetry/api';

export type { Logger };

/**
 * JSON logs; every line carries the active trace and span ids (added here,
 * so callers must not bind them again: a line would carry the key twice).
 * `destination` (default stdout) lets tests read the raw lines.
 */
export function createLogger(options: { service: string; level?: string; destination?: DestinationStream }): Logger {
  const settings = {
    level: options.level ?? 'info',
    base: { service: options.service },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const span = trace.getActiveSpan();
      if (!span) return {};
      const ctx = span.spanContext();
      return { traceId: ctx.traceId, spanId: ctx.spanId };
    },
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}
