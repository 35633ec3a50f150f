import { z } from 'zod';

/** Data binding settings (docs/bindings.md): the scheduler's refreshes and the gateway's test fetch. */
export const bindingEnv = {
  /** How often the scheduler looks for due bindings. */
  PRESSROOM_BINDING_POLL_MS: z.coerce.number().int().positive().default(1_000),
  /** Largest data source response (bytes, after decompression). */
  PRESSROOM_BINDING_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(5 * 1024 * 1024),
  /** Time limit of one data source fetch, redirects included. */
  PRESSROOM_BINDING_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
};
