import { loadConfig } from '@pressroom/config';
import { createLogger, initTracing, type Logger } from '@pressroom/telemetry';
import type { z } from 'zod';
import { applyHeapSettings } from './heap-settings.js';

export interface ProcessStart<S extends z.ZodType<{ LOG_LEVEL: string }>> {
  /** The name in config errors and log lines. */
  name: string;
  /** The process's environment schema (defaults live only there). */
  env: S;
  /** The service name traces carry (default: `name`). */
  tracingService?: string;
}

/**
 * The first steps of every Pressroom process, a standalone service's (`runService`) and the embedded
 * one's alike: V8's heap settings before anything allocates much, the environment parsed (a readable
 * message and exit 1 when it is wrong), tracing, then the logger.
 */
export function startProcess<S extends z.ZodType<{ LOG_LEVEL: string }>>(options: ProcessStart<S>): { env: z.infer<S>; logger: Logger } {
  applyHeapSettings();
  const env = loadConfig(options.name, options.env);
  initTracing({ service: options.tracingService ?? options.name });
  const logger = createLogger({ service: options.name, level: env.LOG_LEVEL });
  return { env, logger };
}
