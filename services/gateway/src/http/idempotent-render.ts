import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What a request holding an Idempotency-Key claim lets its render step do: reuse the render a
 * dead holder of the same claim started, or record the new render's id on the claim before the
 * render exists, so a retry after a gateway crash answers from that render instead of paying
 * for another. Carried in the request's async context because every render route reaches
 * `submitRender` and none of them needs to know about idempotency.
 */
export interface IdempotentRender {
  /** The render id to use: the earlier holder's, or `fresh` once recorded on the claim. */
  renderId(fresh: string): Promise<{ id: string; resumed: boolean }>;
}

const current = new AsyncLocalStorage<IdempotentRender>();

export function runWithIdempotentRender<T>(render: IdempotentRender, run: () => T): T {
  return current.run(render, run);
}

export function idempotentRender(): IdempotentRender | undefined {
  return current.getStore();
}
